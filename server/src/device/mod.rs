//! Devices speclint runs kernels on, each API loaded at run time so that speclint builds and
//! runs where none is installed.

pub mod cuda;
