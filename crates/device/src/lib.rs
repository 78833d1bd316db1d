//! Device APIs, loaded at run time so that speclint starts (and checks files) where none is
//! installed. Only the worker process of `speclint run` (and `speclint probe`) calls them.

pub mod cuda;
pub mod cuda_launch;
pub mod opencl;
