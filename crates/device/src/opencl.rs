//! OpenCL through the ICD loader (`libOpenCL.so.1`), opened with `libloading` when first
//! needed: a missing library, platform or device is an `Unavailable` error naming what is
//! missing, never a crash. Programs come from SPIR-V (`clCreateProgramWithIL`, OpenCL 2.1+ or
//! `cl_khr_il_program`); a device that reports no IL version is refused, naming it.

use libloading::Library;
use speclint_base::run::kernel::ScalarType;
use speclint_base::run::runner::{ArgValue, RunError};
use std::ffi::{c_char, c_void, CString};
use std::ptr::{null, null_mut};

type Handle = *mut c_void;
type ClInt = i32;

const CL_SUCCESS: ClInt = 0;
const CL_DEVICE_TYPE_ALL: u64 = 0xFFFF_FFFF;
const CL_PLATFORM_VERSION: u32 = 0x0901;
const CL_PLATFORM_NAME: u32 = 0x0902;
const CL_DEVICE_NAME: u32 = 0x102B;
const CL_DEVICE_VERSION: u32 = 0x102F;
const CL_DEVICE_IL_VERSION: u32 = 0x105B;
const CL_QUEUE_PROFILING_ENABLE: u64 = 1 << 1;
const CL_MEM_READ_WRITE: u64 = 1 << 0;
const CL_MEM_COPY_HOST_PTR: u64 = 1 << 5;
const CL_PROGRAM_BUILD_LOG: u32 = 0x1183;
const CL_PROGRAM_KERNEL_NAMES: u32 = 0x1168;
const CL_KERNEL_WORK_GROUP_SIZE: u32 = 0x11B0;
const CL_KERNEL_LOCAL_MEM_SIZE: u32 = 0x11B2;
const CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: u32 = 0x11B3;
const CL_KERNEL_PRIVATE_MEM_SIZE: u32 = 0x11B4;
const CL_PROFILING_COMMAND_START: u32 = 0x1282;
const CL_PROFILING_COMMAND_END: u32 = 0x1283;
const CL_EVENT_COMMAND_EXECUTION_STATUS: u32 = 0x11D3;
const CL_TRUE: u32 = 1;
const CL_R: u32 = 0x10B0;
const CL_RG: u32 = 0x10B2;
const CL_RGBA: u32 = 0x10B5;
const CL_MEM_OBJECT_IMAGE2D: u32 = 0x10F1;
const CL_MEM_OBJECT_IMAGE1D: u32 = 0x10F4;

/// `cl_image_format` (cl.h).
#[repr(C)]
struct ImageFormat {
    channel_order: u32,
    channel_data_type: u32,
}

/// `cl_image_desc` (cl.h, OpenCL 1.2).
#[repr(C)]
struct ImageDesc {
    image_type: u32,
    width: usize,
    height: usize,
    depth: usize,
    array_size: usize,
    row_pitch: usize,
    slice_pitch: usize,
    num_mip_levels: u32,
    num_samples: u32,
    buffer: Handle,
}

/// The channel data type images of `element` use: floats as floats, integers as unnormalised
/// integers (read with read_imagei/read_imageui).
fn channel_type(element: ScalarType) -> Option<u32> {
    Some(match element {
        ScalarType::I8 => 0x10D7,
        ScalarType::I16 => 0x10D8,
        ScalarType::I32 => 0x10D9,
        ScalarType::U8 => 0x10DA,
        ScalarType::U16 => 0x10DB,
        ScalarType::U32 => 0x10DC,
        ScalarType::F16 => 0x10DD,
        ScalarType::F32 => 0x10DE,
        _ => return None,
    })
}

/// The library names tried, in order; `SPECLINT_OPENCL_LIBRARY` replaces them with one path.
const LIBRARY_NAMES: [&str; 2] = ["libOpenCL.so.1", "libOpenCL.so"];

macro_rules! api {
    ($($name:ident: fn($($arg:ty),*) -> $ret:ty;)*) => {
        /// The entry points used, resolved once from the loaded library.
        #[allow(non_snake_case)]
        struct Api {
            $($name: unsafe extern "C" fn($($arg),*) -> $ret,)*
        }

        impl Api {
            fn resolve(library: &Library) -> Result<Api, String> {
                // SAFETY: each symbol is an OpenCL 1.2/2.1 entry point with the C signature
                // written here (OpenCL API spec, the same signatures as cl.h).
                unsafe {
                    Ok(Api {
                        $($name: *library
                            .get(concat!(stringify!($name), "\0").as_bytes())
                            .map_err(|e| format!("{}: {e}", stringify!($name)))?,)*
                    })
                }
            }
        }
    };
}

api! {
    clGetPlatformIDs: fn(u32, *mut Handle, *mut u32) -> ClInt;
    clGetPlatformInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> ClInt;
    clGetDeviceIDs: fn(Handle, u64, u32, *mut Handle, *mut u32) -> ClInt;
    clGetDeviceInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> ClInt;
    clCreateContext: fn(*const isize, u32, *const Handle, *const c_void, *mut c_void, *mut ClInt) -> Handle;
    clCreateCommandQueue: fn(Handle, Handle, u64, *mut ClInt) -> Handle;
    clCreateProgramWithIL: fn(Handle, *const c_void, usize, *mut ClInt) -> Handle;
    clBuildProgram: fn(Handle, u32, *const Handle, *const c_char, *const c_void, *mut c_void) -> ClInt;
    clGetProgramBuildInfo: fn(Handle, Handle, u32, usize, *mut c_void, *mut usize) -> ClInt;
    clGetProgramInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> ClInt;
    clCreateKernel: fn(Handle, *const c_char, *mut ClInt) -> Handle;
    clSetKernelArg: fn(Handle, u32, usize, *const c_void) -> ClInt;
    clGetKernelWorkGroupInfo: fn(Handle, Handle, u32, usize, *mut c_void, *mut usize) -> ClInt;
    clCreateBuffer: fn(Handle, u64, usize, *mut c_void, *mut ClInt) -> Handle;
    clCreateImage: fn(Handle, u64, *const ImageFormat, *const ImageDesc, *mut c_void, *mut ClInt) -> Handle;
    clEnqueueReadImage: fn(Handle, Handle, u32, *const usize, *const usize, usize, usize, *mut c_void, u32, *const Handle, *mut Handle) -> ClInt;
    clEnqueueNDRangeKernel: fn(Handle, Handle, u32, *const usize, *const usize, *const usize, u32, *const Handle, *mut Handle) -> ClInt;
    clEnqueueReadBuffer: fn(Handle, Handle, u32, usize, usize, *mut c_void, u32, *const Handle, *mut Handle) -> ClInt;
    clFinish: fn(Handle) -> ClInt;
    clWaitForEvents: fn(u32, *const Handle) -> ClInt;
    clGetEventInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> ClInt;
    clGetEventProfilingInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> ClInt;
    clReleaseMemObject: fn(Handle) -> ClInt;
    clReleaseKernel: fn(Handle) -> ClInt;
    clReleaseProgram: fn(Handle) -> ClInt;
    clReleaseCommandQueue: fn(Handle) -> ClInt;
    clReleaseContext: fn(Handle) -> ClInt;
    clReleaseEvent: fn(Handle) -> ClInt;
}

/// A device ready for work: the library, a context and a profiling queue on the first device
/// that accepts SPIR-V.
pub struct OpenCl {
    api: Api,
    device: Handle,
    context: Handle,
    queue: Handle,
    /// "Intel(R) Xeon(R) Processor (Intel(R) OpenCL, OpenCL 3.1)".
    pub device_name: String,
    /// The SPIR-V versions the device accepts, as (major, minor).
    pub il_versions: Vec<(u8, u8)>,
    // Last: the library is closed after everything above is released.
    _library: Library,
}

/// A program built for the device.
pub struct BuiltProgram<'a> {
    cl: &'a OpenCl,
    handle: Handle,
    /// The build log (often empty when the build succeeds).
    pub log: String,
}

/// What one kernel launch gave.
pub struct LaunchResult {
    /// Each buffer argument's bytes after the launch, in argument order.
    pub buffers: Vec<Option<Vec<u8>>>,
    /// From the kernel's event (profiling queue), in nanoseconds.
    pub kernel_ns: Option<u64>,
}

/// A kernel's figures from `clGetKernelWorkGroupInfo`.
pub struct KernelInfo {
    pub work_group_size: u64,
    pub preferred_multiple: u64,
    pub local_mem_bytes: u64,
    pub private_mem_bytes: u64,
}

impl OpenCl {
    /// Loads the ICD loader and picks the first device, over all platforms, that takes IL.
    pub fn open() -> Result<OpenCl, RunError> {
        let library = load_library()?;
        let api = Api::resolve(&library).map_err(|e| {
            RunError::unavailable(format!(
                "the OpenCL library lacks an entry point speclint needs (OpenCL 2.1 or later \
                 is required for SPIR-V): {e}"
            ))
        })?;
        let (device, device_name, il_versions) = pick_device(&api)?;
        let mut err = 0;
        // SAFETY: `device` is a valid device id from clGetDeviceIDs; no callback is passed.
        let context =
            unsafe { (api.clCreateContext)(null(), 1, &device, null(), null_mut(), &mut err) };
        check(err, "clCreateContext")?;
        // SAFETY: `context` was just created on `device`.
        let queue = unsafe {
            (api.clCreateCommandQueue)(context, device, CL_QUEUE_PROFILING_ENABLE, &mut err)
        };
        if err != CL_SUCCESS {
            // SAFETY: releasing the context created above, once.
            unsafe { (api.clReleaseContext)(context) };
            check(err, "clCreateCommandQueue")?;
        }
        Ok(OpenCl {
            api,
            device,
            context,
            queue,
            device_name,
            il_versions,
            _library: library,
        })
    }

    /// Builds a SPIR-V module. A build failure is `RunError::Build` with the build log.
    pub fn build_il(&self, words: &[u8]) -> Result<BuiltProgram<'_>, RunError> {
        if let Some(version) = spirv_version(words) {
            if !self.il_versions.contains(&version) {
                return Err(RunError::unavailable(format!(
                    "{} does not accept SPIR-V {}.{}; it accepts {}",
                    self.device_name,
                    version.0,
                    version.1,
                    self.il_version_list()
                )));
            }
        }
        let mut err = 0;
        // SAFETY: `words` outlives the call; OpenCL copies the IL.
        let handle = unsafe {
            (self.api.clCreateProgramWithIL)(
                self.context,
                words.as_ptr().cast(),
                words.len(),
                &mut err,
            )
        };
        check(err, "clCreateProgramWithIL")?;
        // Owned from here: released on every path below.
        let mut program = BuiltProgram {
            cl: self,
            handle,
            log: String::new(),
        };
        // SAFETY: `handle` is the program just created; no callback, so the build is blocking.
        let status = unsafe {
            (self.api.clBuildProgram)(handle, 1, &self.device, c"".as_ptr(), null(), null_mut())
        };
        program.log = self.build_log(handle);
        if status != CL_SUCCESS {
            return Err(RunError::Build {
                message: format!("the OpenCL build failed ({})", error_name(status)),
                messages: log_messages(&program.log),
            });
        }
        Ok(program)
    }

    fn il_version_list(&self) -> String {
        let versions: Vec<String> = self
            .il_versions
            .iter()
            .map(|(major, minor)| format!("{major}.{minor}"))
            .collect();
        versions.join(", ")
    }

    fn build_log(&self, program: Handle) -> String {
        let api = &self.api;
        let device = self.device;
        read_info_string(|size, value, ret| {
            // SAFETY: the info query writes at most `size` bytes to `value`.
            unsafe {
                (api.clGetProgramBuildInfo)(program, device, CL_PROGRAM_BUILD_LOG, size, value, ret)
            }
        })
        .unwrap_or_default()
    }
}

impl BuiltProgram<'_> {
    /// The names of the kernels the program holds.
    pub fn kernel_names(&self) -> Vec<String> {
        let api = &self.cl.api;
        let names = read_info_string(|size, value, ret| {
            // SAFETY: as above, for the program's kernel names.
            unsafe {
                (api.clGetProgramInfo)(self.handle, CL_PROGRAM_KERNEL_NAMES, size, value, ret)
            }
        })
        .unwrap_or_default();
        names
            .split(';')
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect()
    }

    pub fn kernel_info(&self, name: &str) -> Result<KernelInfo, RunError> {
        let kernel = Kernel::create(self, name)?;
        let query = |param: u32| -> Result<u64, RunError> {
            let mut value = 0u64;
            let size = if param == CL_KERNEL_WORK_GROUP_SIZE
                || param == CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE
            {
                std::mem::size_of::<usize>()
            } else {
                std::mem::size_of::<u64>()
            };
            // SAFETY: `value` has room for a size_t or a cl_ulong (8 bytes on 64-bit hosts).
            let status = unsafe {
                (self.cl.api.clGetKernelWorkGroupInfo)(
                    kernel.handle,
                    self.cl.device,
                    param,
                    size,
                    (&mut value as *mut u64).cast(),
                    null_mut(),
                )
            };
            check(status, "clGetKernelWorkGroupInfo")?;
            Ok(value)
        };
        Ok(KernelInfo {
            work_group_size: query(CL_KERNEL_WORK_GROUP_SIZE)?,
            preferred_multiple: query(CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE)?,
            local_mem_bytes: query(CL_KERNEL_LOCAL_MEM_SIZE)?,
            private_mem_bytes: query(CL_KERNEL_PRIVATE_MEM_SIZE)?,
        })
    }

    /// Runs `name` over `grid` work-groups of `block` work-items with `args` (in parameter
    /// order), waits for it, and reads every buffer back.
    pub fn launch(
        &self,
        name: &str,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[ArgValue],
    ) -> Result<LaunchResult, RunError> {
        let api = &self.cl.api;
        let kernel = Kernel::create(self, name)?;
        let mut buffers: Vec<Option<MemObject>> = Vec::with_capacity(args.len());
        for (index, arg) in args.iter().enumerate() {
            let index = index as u32;
            let status = match arg {
                ArgValue::Scalar { bytes } => {
                    buffers.push(None);
                    // SAFETY: OpenCL copies `bytes.len()` bytes of the value.
                    unsafe {
                        (api.clSetKernelArg)(
                            kernel.handle,
                            index,
                            bytes.len(),
                            bytes.as_ptr().cast(),
                        )
                    }
                }
                ArgValue::Local { bytes } => {
                    buffers.push(None);
                    // SAFETY: a null value with a size allocates local memory.
                    unsafe { (api.clSetKernelArg)(kernel.handle, index, *bytes as usize, null()) }
                }
                ArgValue::Buffer { .. } | ArgValue::Image { .. } => {
                    let memory = MemObject::new(self.cl, arg)?;
                    // SAFETY: the argument is the cl_mem handle, by address.
                    let status = unsafe {
                        (api.clSetKernelArg)(
                            kernel.handle,
                            index,
                            std::mem::size_of::<Handle>(),
                            (&memory.handle as *const Handle).cast(),
                        )
                    };
                    buffers.push(Some(memory));
                    status
                }
            };
            check(status, &format!("clSetKernelArg (argument {index})"))?;
        }
        let dims = if grid[2] * block[2] > 1 {
            3
        } else if grid[1] * block[1] > 1 {
            2
        } else {
            1
        };
        let global: Vec<usize> = (0..3)
            .map(|d| grid[d] as usize * block[d] as usize)
            .collect();
        let local: Vec<usize> = block.iter().map(|&b| b as usize).collect();
        let mut event: Handle = null_mut();
        // SAFETY: the sizes have `dims` entries at least; `event` receives a new event.
        let status = unsafe {
            (api.clEnqueueNDRangeKernel)(
                self.cl.queue,
                kernel.handle,
                dims,
                null(),
                global.as_ptr(),
                local.as_ptr(),
                0,
                null(),
                &mut event,
            )
        };
        if matches!(status, -54 | -55 | -63) {
            // A launch shape the kernel cannot take: the user's to change, so a usage error.
            let limit = self
                .kernel_info(name)
                .map(|info| {
                    format!(
                        "; the device allows at most {} work-items per work-group for it",
                        info.work_group_size
                    )
                })
                .unwrap_or_default();
            return Err(RunError::usage(format!(
                "kernel `{name}` cannot run with --grid {} --block {} ({}){limit}",
                shape(grid),
                shape(block),
                error_name(status)
            )));
        }
        check(status, "clEnqueueNDRangeKernel")?;
        let event = Event(api, event);
        // SAFETY: waiting on the event just returned.
        let waited = unsafe { (api.clWaitForEvents)(1, &event.1) };
        let mut execution_status: ClInt = 0;
        // SAFETY: the status is a cl_int.
        unsafe {
            (api.clGetEventInfo)(
                event.1,
                CL_EVENT_COMMAND_EXECUTION_STATUS,
                std::mem::size_of::<ClInt>(),
                (&mut execution_status as *mut ClInt).cast(),
                null_mut(),
            )
        };
        if execution_status < 0 {
            return Err(RunError::device(format!(
                "the kernel failed on the device: {}",
                error_name(execution_status)
            )));
        }
        check(waited, "clWaitForEvents")?;
        let kernel_ns = event.elapsed_ns();
        let mut read_back = Vec::with_capacity(args.len());
        for (memory, arg) in buffers.iter().zip(args) {
            read_back.push(match memory {
                Some(memory) => Some(memory.read(self.cl, arg.payload().len())?),
                None => None,
            });
        }
        Ok(LaunchResult {
            buffers: read_back,
            kernel_ns,
        })
    }
}

impl Drop for BuiltProgram<'_> {
    fn drop(&mut self) {
        // SAFETY: the program is released once, before its context (which `cl` owns).
        unsafe { (self.cl.api.clReleaseProgram)(self.handle) };
    }
}

impl Drop for OpenCl {
    fn drop(&mut self) {
        // SAFETY: each handle is released once; queued work is finished first.
        unsafe {
            (self.api.clFinish)(self.queue);
            (self.api.clReleaseCommandQueue)(self.queue);
            (self.api.clReleaseContext)(self.context);
        }
    }
}

struct Kernel<'a> {
    api: &'a Api,
    handle: Handle,
}

impl<'a> Kernel<'a> {
    fn create(program: &'a BuiltProgram<'_>, name: &str) -> Result<Kernel<'a>, RunError> {
        let c_name = CString::new(name).map_err(|_| RunError::usage("a kernel name has a NUL"))?;
        let mut err = 0;
        // SAFETY: the program is built; the name is NUL-terminated.
        let handle =
            unsafe { (program.cl.api.clCreateKernel)(program.handle, c_name.as_ptr(), &mut err) };
        if err != CL_SUCCESS {
            return Err(RunError::usage(format!(
                "the device has no kernel `{name}` in the program ({}); it has: {}",
                error_name(err),
                program.kernel_names().join(", ")
            )));
        }
        Ok(Kernel {
            api: &program.cl.api,
            handle,
        })
    }
}

impl Drop for Kernel<'_> {
    fn drop(&mut self) {
        // SAFETY: released once.
        unsafe { (self.api.clReleaseKernel)(self.handle) };
    }
}

struct MemObject<'a> {
    api: &'a Api,
    handle: Handle,
    /// An image's width, height and depth; `None` for a buffer.
    region: Option<[usize; 3]>,
}

impl<'a> MemObject<'a> {
    /// A buffer or an image holding the argument's bytes.
    fn new(cl: &'a OpenCl, arg: &ArgValue) -> Result<MemObject<'a>, RunError> {
        let mut err = 0;
        let (handle, region) = match arg {
            ArgValue::Image {
                element,
                dims,
                width,
                height,
                channels,
                bytes,
            } => {
                let format = ImageFormat {
                    channel_order: match channels {
                        1 => CL_R,
                        2 => CL_RG,
                        _ => CL_RGBA,
                    },
                    channel_data_type: channel_type(*element).ok_or_else(|| {
                        RunError::usage(format!("images of {element} are not supported"))
                    })?,
                };
                let desc = ImageDesc {
                    image_type: if *dims == 1 {
                        CL_MEM_OBJECT_IMAGE1D
                    } else {
                        CL_MEM_OBJECT_IMAGE2D
                    },
                    width: *width as usize,
                    height: *height as usize,
                    depth: 1,
                    array_size: 1,
                    row_pitch: 0,
                    slice_pitch: 0,
                    num_mip_levels: 0,
                    num_samples: 0,
                    buffer: null_mut(),
                };
                // SAFETY: COPY_HOST_PTR copies width x height texels (`bytes` holds exactly
                // that many, checked when the argument was resolved) during the call.
                let handle = unsafe {
                    (cl.api.clCreateImage)(
                        cl.context,
                        CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                        &format,
                        &desc,
                        bytes.as_ptr() as *mut c_void,
                        &mut err,
                    )
                };
                (handle, Some([*width as usize, *height as usize, 1]))
            }
            _ => {
                let bytes = arg.payload();
                // SAFETY: COPY_HOST_PTR copies `bytes` during the call; a buffer is never
                // empty (specs have at least one element).
                let handle = unsafe {
                    (cl.api.clCreateBuffer)(
                        cl.context,
                        CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                        bytes.len().max(1),
                        bytes.as_ptr() as *mut c_void,
                        &mut err,
                    )
                };
                (handle, None)
            }
        };
        check(
            err,
            if region.is_some() {
                "clCreateImage"
            } else {
                "clCreateBuffer"
            },
        )?;
        Ok(MemObject {
            api: &cl.api,
            handle,
            region,
        })
    }

    fn read(&self, cl: &OpenCl, len: usize) -> Result<Vec<u8>, RunError> {
        let mut bytes = vec![0u8; len];
        let status = match &self.region {
            // SAFETY: a blocking read of the whole image, tightly packed, into `bytes`
            // (`len` is the size it was created from).
            Some(region) => unsafe {
                (self.api.clEnqueueReadImage)(
                    cl.queue,
                    self.handle,
                    CL_TRUE,
                    [0usize; 3].as_ptr(),
                    region.as_ptr(),
                    0,
                    0,
                    bytes.as_mut_ptr().cast(),
                    0,
                    null(),
                    null_mut(),
                )
            },
            // SAFETY: a blocking read of `len` bytes (the buffer's size) into `bytes`.
            None => unsafe {
                (self.api.clEnqueueReadBuffer)(
                    cl.queue,
                    self.handle,
                    CL_TRUE,
                    0,
                    len,
                    bytes.as_mut_ptr().cast(),
                    0,
                    null(),
                    null_mut(),
                )
            },
        };
        check(status, "reading a buffer back")?;
        Ok(bytes)
    }
}

impl Drop for MemObject<'_> {
    fn drop(&mut self) {
        // SAFETY: released once.
        unsafe { (self.api.clReleaseMemObject)(self.handle) };
    }
}

struct Event<'a>(&'a Api, Handle);

impl Event<'_> {
    fn elapsed_ns(&self) -> Option<u64> {
        let read = |param| {
            let mut value = 0u64;
            // SAFETY: profiling values are cl_ulong.
            let status = unsafe {
                (self.0.clGetEventProfilingInfo)(
                    self.1,
                    param,
                    8,
                    (&mut value as *mut u64).cast(),
                    null_mut(),
                )
            };
            (status == CL_SUCCESS).then_some(value)
        };
        Some(read(CL_PROFILING_COMMAND_END)?.saturating_sub(read(CL_PROFILING_COMMAND_START)?))
    }
}

impl Drop for Event<'_> {
    fn drop(&mut self) {
        // SAFETY: released once.
        unsafe { (self.0.clReleaseEvent)(self.1) };
    }
}

fn load_library() -> Result<Library, RunError> {
    let names: Vec<String> = match std::env::var("SPECLINT_OPENCL_LIBRARY") {
        Ok(path) if !path.is_empty() => vec![path],
        _ => LIBRARY_NAMES.iter().map(|n| n.to_string()).collect(),
    };
    let mut errors = Vec::new();
    for name in &names {
        // SAFETY: loading the OpenCL ICD loader runs its initialisers, which is what any
        // OpenCL program does.
        match unsafe { Library::new(name) } {
            Ok(library) => return Ok(library),
            Err(e) => errors.push(e.to_string()),
        }
    }
    Err(RunError::unavailable(format!(
        "no OpenCL library: could not load {} ({}). Install an ICD loader (Debian: \
         ocl-icd-libopencl1) and a runtime (e.g. pip intel-opencl-rt, registered in \
         /etc/OpenCL/vendors; scripts/lib.sh ensure_opencl_cpu)",
        names.join(" or "),
        errors.join("; ")
    )))
}

/// The first device on any platform that reports an IL version, with its name and the SPIR-V
/// versions it takes. Without one, says which devices there are and that they take no IL.
fn pick_device(api: &Api) -> Result<PickedDevice, RunError> {
    let mut count = 0u32;
    // SAFETY: querying the number of platforms.
    let status = unsafe { (api.clGetPlatformIDs)(0, null_mut(), &mut count) };
    if status != CL_SUCCESS || count == 0 {
        return Err(RunError::unavailable(format!(
            "no OpenCL platform: the ICD loader found no runtime ({}). Register one with an \
             ICD file in /etc/OpenCL/vendors or the directory OCL_ICD_VENDORS names",
            if status == CL_SUCCESS {
                "0 platforms".to_string()
            } else {
                error_name(status)
            }
        )));
    }
    let mut platforms = vec![null_mut(); count as usize];
    // SAFETY: `platforms` has room for `count` ids.
    check(
        unsafe { (api.clGetPlatformIDs)(count, platforms.as_mut_ptr(), null_mut()) },
        "clGetPlatformIDs",
    )?;
    let mut without_il = Vec::new();
    for platform in platforms {
        let platform_name = read_info_string(|size, value, ret| {
            // SAFETY: the info query writes at most `size` bytes.
            unsafe { (api.clGetPlatformInfo)(platform, CL_PLATFORM_NAME, size, value, ret) }
        })
        .unwrap_or_default();
        let _ = CL_PLATFORM_VERSION;
        let mut devices_count = 0u32;
        // SAFETY: querying the number of devices.
        let status = unsafe {
            (api.clGetDeviceIDs)(
                platform,
                CL_DEVICE_TYPE_ALL,
                0,
                null_mut(),
                &mut devices_count,
            )
        };
        if status != CL_SUCCESS || devices_count == 0 {
            continue;
        }
        let mut devices = vec![null_mut(); devices_count as usize];
        // SAFETY: `devices` has room for `devices_count` ids.
        let status = unsafe {
            (api.clGetDeviceIDs)(
                platform,
                CL_DEVICE_TYPE_ALL,
                devices_count,
                devices.as_mut_ptr(),
                null_mut(),
            )
        };
        if status != CL_SUCCESS {
            continue;
        }
        for device in devices {
            let info = |param| {
                read_info_string(|size, value, ret| {
                    // SAFETY: the info query writes at most `size` bytes.
                    unsafe { (api.clGetDeviceInfo)(device, param, size, value, ret) }
                })
                .unwrap_or_default()
            };
            let name = format!(
                "{} ({platform_name}, {})",
                info(CL_DEVICE_NAME).trim(),
                info(CL_DEVICE_VERSION).trim()
            );
            let il_versions = parse_il_versions(&info(CL_DEVICE_IL_VERSION));
            if il_versions.is_empty() {
                without_il.push(name);
            } else {
                return Ok((device, name, il_versions));
            }
        }
    }
    if without_il.is_empty() {
        return Err(RunError::unavailable(
            "no OpenCL device: the platforms found have no devices",
        ));
    }
    Err(RunError::unavailable(format!(
        "no OpenCL device accepts SPIR-V: {} {} no IL version (CL_DEVICE_IL_VERSION; \
         Debian's PoCL is one such runtime). Intel's CPU runtime (pip intel-opencl-rt) does",
        without_il.join("; "),
        if without_il.len() == 1 {
            "reports"
        } else {
            "report"
        }
    )))
}

/// `4,2,1` as written on the command line (`4,2`).
fn shape(dims: [u32; 3]) -> String {
    let used = if dims[2] > 1 {
        3
    } else if dims[1] > 1 {
        2
    } else {
        1
    };
    dims[..used]
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// A device id, its name and the SPIR-V versions it takes.
type PickedDevice = (Handle, String, Vec<(u8, u8)>);

/// `SPIR-V_1.0 SPIR-V_1.1` → `[(1, 0), (1, 1)]`.
fn parse_il_versions(text: &str) -> Vec<(u8, u8)> {
    text.split_whitespace()
        .filter_map(|item| {
            let (major, minor) = item.strip_prefix("SPIR-V_")?.split_once('.')?;
            Some((major.parse().ok()?, minor.parse().ok()?))
        })
        .collect()
}

/// A SPIR-V binary's version word, either byte order.
fn spirv_version(bytes: &[u8]) -> Option<(u8, u8)> {
    let word = |i: usize| -> Option<[u8; 4]> { bytes.get(i * 4..i * 4 + 4)?.try_into().ok() };
    let magic = word(0)?;
    let version = word(1)?;
    let version = if u32::from_le_bytes(magic) == 0x0723_0203 {
        u32::from_le_bytes(version)
    } else if u32::from_be_bytes(magic) == 0x0723_0203 {
        u32::from_be_bytes(version)
    } else {
        return None;
    };
    Some(((version >> 16) as u8, (version >> 8) as u8))
}

fn read_info_string(query: impl Fn(usize, *mut c_void, *mut usize) -> ClInt) -> Option<String> {
    let mut size = 0usize;
    if query(0, null_mut(), &mut size) != CL_SUCCESS {
        return None;
    }
    let mut buffer = vec![0u8; size];
    if query(size, buffer.as_mut_ptr().cast(), null_mut()) != CL_SUCCESS {
        return None;
    }
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    Some(String::from_utf8_lossy(&buffer[..end]).into_owned())
}

/// Build-log lines as messages; lines that say "error" or "warning" get that severity.
pub fn log_messages(log: &str) -> Vec<speclint_base::run::runner::DeviceMessage> {
    use speclint_base::run::runner::{DeviceMessage, MessageSeverity};
    log.lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let lower = line.to_ascii_lowercase();
            let severity = if lower.contains("error") {
                MessageSeverity::Error
            } else if lower.contains("warning") {
                MessageSeverity::Warning
            } else {
                MessageSeverity::Info
            };
            DeviceMessage {
                severity,
                line: None,
                text: line.to_string(),
            }
        })
        .collect()
}

fn check(status: ClInt, call: &str) -> Result<(), RunError> {
    if status == CL_SUCCESS {
        Ok(())
    } else {
        Err(RunError::device(format!(
            "{call} failed: {}",
            error_name(status)
        )))
    }
}

/// An OpenCL error code's name (cl.h), with the number.
pub fn error_name(code: ClInt) -> String {
    let name = match code {
        -1 => "CL_DEVICE_NOT_FOUND",
        -2 => "CL_DEVICE_NOT_AVAILABLE",
        -3 => "CL_COMPILER_NOT_AVAILABLE",
        -4 => "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        -5 => "CL_OUT_OF_RESOURCES",
        -6 => "CL_OUT_OF_HOST_MEMORY",
        -7 => "CL_PROFILING_INFO_NOT_AVAILABLE",
        -11 => "CL_BUILD_PROGRAM_FAILURE",
        -14 => "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
        -30 => "CL_INVALID_VALUE",
        -32 => "CL_INVALID_PLATFORM",
        -33 => "CL_INVALID_DEVICE",
        -34 => "CL_INVALID_CONTEXT",
        -36 => "CL_INVALID_COMMAND_QUEUE",
        -38 => "CL_INVALID_MEM_OBJECT",
        -42 => "CL_INVALID_BINARY",
        -43 => "CL_INVALID_BUILD_OPTIONS",
        -44 => "CL_INVALID_PROGRAM",
        -45 => "CL_INVALID_PROGRAM_EXECUTABLE",
        -46 => "CL_INVALID_KERNEL_NAME",
        -47 => "CL_INVALID_KERNEL_DEFINITION",
        -48 => "CL_INVALID_KERNEL",
        -49 => "CL_INVALID_ARG_INDEX",
        -50 => "CL_INVALID_ARG_VALUE",
        -51 => "CL_INVALID_ARG_SIZE",
        -52 => "CL_INVALID_KERNEL_ARGS",
        -53 => "CL_INVALID_WORK_DIMENSION",
        -54 => "CL_INVALID_WORK_GROUP_SIZE",
        -55 => "CL_INVALID_WORK_ITEM_SIZE",
        -56 => "CL_INVALID_GLOBAL_OFFSET",
        -58 => "CL_INVALID_EVENT",
        -59 => "CL_INVALID_OPERATION",
        -61 => "CL_INVALID_BUFFER_SIZE",
        -63 => "CL_INVALID_GLOBAL_WORK_SIZE",
        -1001 => "CL_PLATFORM_NOT_FOUND_KHR",
        _ => "an OpenCL error",
    };
    format!("{name} ({code})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn il_versions_and_module_versions_read() {
        assert_eq!(
            parse_il_versions("SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.4 "),
            vec![(1, 0), (1, 1), (1, 4)]
        );
        assert!(parse_il_versions("").is_empty());
        let header = [0x0723_0203u32, 0x0001_0300];
        let bytes: Vec<u8> = header.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(spirv_version(&bytes), Some((1, 3)));
        let bytes: Vec<u8> = header.iter().flat_map(|w| w.to_be_bytes()).collect();
        assert_eq!(spirv_version(&bytes), Some((1, 3)));
        assert_eq!(error_name(-54), "CL_INVALID_WORK_GROUP_SIZE (-54)");
    }
}
