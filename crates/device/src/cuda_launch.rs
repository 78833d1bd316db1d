//! One launch through the CUDA driver in `speclint run`'s terms (the arguments, the shape, the
//! buffers read back), for every language that runs on it: PTX (JIT-compiled by the driver)
//! and Tile IR (a cubin from tileiras).

use super::cuda::{self, CudaError, LaunchShape};
use speclint_base::run::runner::{ArgValue, DeviceMessage, Execution, Launch, RunError};

/// Uploads the buffers, launches, reads every buffer back.
pub fn launch(
    device: &cuda::Device<'_>,
    kernel: &cuda::Kernel<'_>,
    launch: &Launch,
    messages: Vec<DeviceMessage>,
) -> Result<Execution, RunError> {
    let mut buffers = Vec::new();
    let mut parameters = Vec::new();
    for (index, arg) in launch.args.iter().enumerate() {
        match arg {
            ArgValue::Scalar { bytes } => {
                buffers.push(None);
                parameters.push(bytes.clone());
            }
            ArgValue::Buffer { bytes, .. } => {
                let buffer = device.upload(bytes).map_err(device_error)?;
                parameters.push(buffer.address.to_le_bytes().to_vec());
                buffers.push(Some(buffer));
            }
            ArgValue::Local { .. } => {
                return Err(RunError::usage(format!(
                    "argument {index}: CUDA kernels take no local memory argument; use \
                     --shared BYTES for dynamic shared memory"
                )))
            }
            ArgValue::Image { .. } => {
                return Err(RunError::usage(format!(
                    "argument {index}: CUDA kernels take no image argument (textures and \
                     surfaces are not supported)"
                )))
            }
        }
    }
    let shape = LaunchShape {
        grid: launch.grid,
        block: launch.block,
        shared_bytes: launch.shared_bytes,
    };
    let milliseconds = device
        .launch(kernel, shape, &parameters)
        .map_err(|e| RunError::device(format!("the kernel failed: {e}")))?;
    let contents = buffers
        .iter()
        .map(|buffer| {
            buffer
                .as_ref()
                .map(|b| device.download(b))
                .transpose()
                .map_err(device_error)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Execution {
        device: format!(
            "{} (sm_{}{})",
            device.name, device.compute_capability.0, device.compute_capability.1
        ),
        messages,
        kernel_ns: Some((f64::from(milliseconds) * 1e6).round() as u64),
        buffers: contents,
    })
}

pub fn device_error(error: CudaError) -> RunError {
    RunError::device(error.to_string())
}

pub fn unavailable(error: CudaError) -> RunError {
    match error {
        CudaError::Missing(_) | CudaError::NoDevice(_) => RunError::unavailable(error.to_string()),
        CudaError::Call { .. } => RunError::unavailable(format!("the CUDA driver: {error}")),
    }
}
