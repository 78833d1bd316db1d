//! SPIR-V facts: the Khronos grammars (`grammar`, generated from the JSON at build time) and
//! the OpenCL environment written from the specification text.

pub mod checks;
pub mod core_types;
pub mod debug_info;
pub mod descriptions;
pub mod env;
pub mod grammar;
pub mod opencl_std;
