//! The machine-code side of `speclint sass`, shared by every language that compiles to a
//! cubin: finding and running NVIDIA's command-line tools (`tool`), and reading nvdisasm's
//! listing into [`speclint_base::sass`]'s plain data (`nvdisasm`). A language compiles its
//! source to a cubin with its own compiler and hands the file here.

pub mod nvdisasm;
pub mod tool;
