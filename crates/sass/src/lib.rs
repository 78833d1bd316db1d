//! The machine-code side of `speclint sass`, shared by every language that compiles to a
//! cubin: finding and running NVIDIA's command-line tools (`tool`), reading nvdisasm's listing
//! into [`speclint_base::sass`]'s plain data (`nvdisasm`), and the listing as text with the
//! source line of each of its lines (`render`), which the CLI prints and an editor shows, and two
//! listings compared kernel by kernel (`diff`). A
//! language compiles its source to a cubin with its own compiler and hands the file here.
//! `occupancy` computes how many blocks of a kernel an SM holds from the spec-db's limits.

pub mod cubin;
pub mod diff;
pub mod nvdisasm;
pub mod occupancy;
pub mod render;
pub mod tool;
