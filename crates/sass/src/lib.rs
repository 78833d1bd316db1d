//! The machine-code side of `speclint sass`, shared by every language that compiles to a
//! cubin: finding and running NVIDIA's command-line tools (`tool`).

pub mod tool;
