//! The CUDA driver API, loaded at run time from `libcuda.so.1`: speclint builds and runs where
//! no driver is installed, and says so when asked to run a kernel there. It loads a module
//! from PTX (JIT-compiled by the driver, with its error and info logs) or from a cubin (what
//! `tileiras` makes), copies buffers, launches a kernel and times it with device events.
//!
//! Only the calls speclint needs are bound. Every call's status is checked and a failure is
//! reported with the driver's own name and text for it (`CUDA_ERROR_ILLEGAL_ADDRESS: an
//! illegal memory access was encountered`). After a kernel faults, the context is unusable:
//! callers run this in a child process they can discard.

use libloading::Library;
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::fmt;

type CuResult = c_int;
type CuDevice = c_int;
type CuContext = *mut c_void;
type CuModule = *mut c_void;
type CuFunction = *mut c_void;
type CuEvent = *mut c_void;
type CuStream = *mut c_void;
type CuDevicePtr = u64;

const CUDA_SUCCESS: CuResult = 0;
const CUDA_ERROR_NO_DEVICE: CuResult = 100;

// CUjit_option values (cuda.h).
const CU_JIT_WALL_TIME: c_int = 2;
const CU_JIT_INFO_LOG_BUFFER: c_int = 3;
const CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES: c_int = 4;
const CU_JIT_ERROR_LOG_BUFFER: c_int = 5;
const CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;
const CU_JIT_LOG_VERBOSE: c_int = 12;

// CUdevice_attribute and CUfunction_attribute values (cuda.h).
const CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: c_int = 75;
const CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: c_int = 76;
const CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: c_int = 0;
const CU_FUNC_ATTRIBUTE_NUM_REGS: c_int = 4;
const CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: c_int = 8;

/// Dynamic shared memory a launch gets without opting in (cuFuncSetAttribute).
const DEFAULT_DYNAMIC_SHARED_LIMIT: u32 = 48 * 1024;
/// Room for each JIT log.
const LOG_BYTES: usize = 64 * 1024;

/// The driver library's file name on Linux (the versioned name: the unversioned one comes with
/// development packages only).
pub const LIBRARY: &str = "libcuda.so.1";

/// Why something could not be done on the device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CudaError {
    /// `libcuda.so.1` is not installed, or lacks a function speclint needs.
    Missing(String),
    /// The driver loaded but there is no device to run on.
    NoDevice(String),
    /// A driver call failed: which call, the status's name and the driver's text for it.
    Call {
        call: &'static str,
        code: i32,
        name: String,
        text: String,
    },
}

impl fmt::Display for CudaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CudaError::Missing(why) | CudaError::NoDevice(why) => f.write_str(why),
            CudaError::Call {
                call,
                code,
                name,
                text,
            } => write!(f, "{call} failed: {name} ({code}): {text}"),
        }
    }
}

/// What cuModuleLoadDataEx is given.
#[derive(Clone, Copy, Debug)]
pub enum ModuleImage<'a> {
    /// PTX text: the driver JIT-compiles it for the device.
    Ptx(&'a str),
    /// A cubin (or fatbin) built for the device.
    Cubin(&'a [u8]),
}

/// The JIT's logs: what it said about the module, and its errors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JitLog {
    pub info: String,
    pub error: String,
    /// How long the JIT took, milliseconds.
    pub wall_ms: f32,
}

/// A failed module load: the driver's error, with the JIT's logs that say why.
#[derive(Clone, Debug)]
pub struct LoadFailure {
    pub error: CudaError,
    pub log: JitLog,
}

macro_rules! driver_functions {
    ($($field:ident: $($symbol:literal)|+ => fn($($arg:ty),*);)*) => {
        /// The driver's entry points, resolved once from the library.
        struct Functions {
            $($field: unsafe extern "C" fn($($arg),*) -> CuResult,)*
        }

        impl Functions {
            /// Each entry point under the first of its names the library exports (a newer
            /// version first, where cuda.h maps the name to one).
            ///
            /// # Safety
            /// `library` must be the CUDA driver, whose symbols have these signatures.
            unsafe fn resolve(library: &Library) -> Result<Functions, String> {
                Ok(Functions {
                    $($field: {
                        let names = [$(concat!($symbol, "\0")),+];
                        names
                            .iter()
                            .find_map(|name| {
                                // SAFETY: the caller vouches that the library is the driver,
                                // whose symbol has this signature.
                                let symbol = unsafe {
                                    library.get::<unsafe extern "C" fn($($arg),*) -> CuResult>(
                                        name.as_bytes(),
                                    )
                                };
                                symbol.ok().map(|symbol| *symbol)
                            })
                            .ok_or_else(|| {
                                format!("{LIBRARY} has no {}", [$($symbol),+].join(" or "))
                            })?
                    },)*
                })
            }
        }
    };
}

driver_functions! {
    init: "cuInit" => fn(c_uint);
    driver_get_version: "cuDriverGetVersion" => fn(*mut c_int);
    get_error_name: "cuGetErrorName" => fn(CuResult, *mut *const c_char);
    get_error_string: "cuGetErrorString" => fn(CuResult, *mut *const c_char);
    device_get_count: "cuDeviceGetCount" => fn(*mut c_int);
    device_get: "cuDeviceGet" => fn(*mut CuDevice, c_int);
    device_get_name: "cuDeviceGetName" => fn(*mut c_char, c_int, CuDevice);
    device_get_attribute: "cuDeviceGetAttribute" => fn(*mut c_int, c_int, CuDevice);
    primary_ctx_retain: "cuDevicePrimaryCtxRetain" => fn(*mut CuContext, CuDevice);
    primary_ctx_release: "cuDevicePrimaryCtxRelease_v2" => fn(CuDevice);
    ctx_set_current: "cuCtxSetCurrent" => fn(CuContext);
    ctx_synchronize: "cuCtxSynchronize" => fn();
    module_load_data_ex: "cuModuleLoadDataEx" =>
        fn(*mut CuModule, *const c_void, c_uint, *mut c_int, *mut *mut c_void);
    module_get_function: "cuModuleGetFunction" => fn(*mut CuFunction, CuModule, *const c_char);
    module_unload: "cuModuleUnload" => fn(CuModule);
    func_get_attribute: "cuFuncGetAttribute" => fn(*mut c_int, c_int, CuFunction);
    func_set_attribute: "cuFuncSetAttribute" => fn(CuFunction, c_int, c_int);
    mem_alloc: "cuMemAlloc_v2" => fn(*mut CuDevicePtr, usize);
    mem_free: "cuMemFree_v2" => fn(CuDevicePtr);
    memcpy_htod: "cuMemcpyHtoD_v2" => fn(CuDevicePtr, *const c_void, usize);
    memcpy_dtoh: "cuMemcpyDtoH_v2" => fn(*mut c_void, CuDevicePtr, usize);
    launch_kernel: "cuLaunchKernel" => fn(
        CuFunction, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, CuStream,
        *mut *mut c_void, *mut *mut c_void
    );
    event_create: "cuEventCreate" => fn(*mut CuEvent, c_uint);
    event_record: "cuEventRecord" => fn(CuEvent, CuStream);
    event_synchronize: "cuEventSynchronize" => fn(CuEvent);
    event_elapsed_time: "cuEventElapsedTime_v2" | "cuEventElapsedTime" =>
        fn(*mut f32, CuEvent, CuEvent);
    event_destroy: "cuEventDestroy_v2" => fn(CuEvent);
}

/// The loaded, initialised driver.
pub struct Driver {
    functions: Functions,
    /// Keeps the library mapped while `functions` point into it.
    _library: Library,
    /// The driver's CUDA version (12080 for 12.8).
    pub version: i32,
}

/// Is the driver library installed? (Loading it runs no device code.)
pub fn library_present() -> bool {
    // SAFETY: loading the driver library runs its initialisers, which only set up the library.
    unsafe { Library::new(LIBRARY) }.is_ok()
}

impl Driver {
    /// Loads `libcuda.so.1` and initialises it (`cuInit`); says what is missing when it cannot.
    pub fn load() -> Result<Driver, CudaError> {
        // SAFETY: as in `library_present`.
        let library = unsafe { Library::new(LIBRARY) }.map_err(|e| {
            CudaError::Missing(format!(
                "{LIBRARY} not found: no CUDA driver is installed on this machine ({e})"
            ))
        })?;
        // SAFETY: the library is the CUDA driver, and the signatures are those of cuda.h.
        let functions = unsafe { Functions::resolve(&library) }.map_err(CudaError::Missing)?;
        let mut driver = Driver {
            functions,
            _library: library,
            version: 0,
        };
        // SAFETY: plain driver calls with valid out-pointers.
        let status = unsafe { (driver.functions.init)(0) };
        if status == CUDA_ERROR_NO_DEVICE {
            return Err(CudaError::NoDevice(format!(
                "no CUDA device: the driver ({LIBRARY}) found none (cuInit: {})",
                driver.describe(status).1
            )));
        }
        driver.check("cuInit", status)?;
        let mut version = 0;
        driver.check("cuDriverGetVersion", unsafe {
            (driver.functions.driver_get_version)(&mut version)
        })?;
        driver.version = version;
        Ok(driver)
    }

    /// The status's name and text, from the driver.
    fn describe(&self, status: CuResult) -> (String, String) {
        let read = |f: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult| {
            let mut text: *const c_char = std::ptr::null();
            // SAFETY: the driver returns a pointer to a static string, or an error.
            let ok = unsafe { f(status, &mut text) } == CUDA_SUCCESS && !text.is_null();
            ok.then(|| {
                unsafe { CStr::from_ptr(text) }
                    .to_string_lossy()
                    .into_owned()
            })
        };
        (
            read(self.functions.get_error_name).unwrap_or_else(|| format!("CUresult {status}")),
            read(self.functions.get_error_string).unwrap_or_else(|| "unknown error".to_string()),
        )
    }

    fn check(&self, call: &'static str, status: CuResult) -> Result<(), CudaError> {
        if status == CUDA_SUCCESS {
            return Ok(());
        }
        let (name, text) = self.describe(status);
        Err(CudaError::Call {
            call,
            code: status,
            name,
            text,
        })
    }

    /// Opens device `ordinal` (its primary context, made current on this thread).
    pub fn device(&self, ordinal: i32) -> Result<Device<'_>, CudaError> {
        let f = &self.functions;
        let mut count = 0;
        self.check("cuDeviceGetCount", unsafe {
            (f.device_get_count)(&mut count)
        })?;
        if count == 0 {
            return Err(CudaError::NoDevice(
                "no CUDA device: the driver is installed but reports no device".to_string(),
            ));
        }
        if ordinal < 0 || ordinal >= count {
            return Err(CudaError::NoDevice(format!(
                "no CUDA device {ordinal}: the driver reports {count}"
            )));
        }
        let mut device = 0;
        self.check("cuDeviceGet", unsafe {
            (f.device_get)(&mut device, ordinal)
        })?;
        let mut name = [0 as c_char; 256];
        self.check("cuDeviceGetName", unsafe {
            (f.device_get_name)(name.as_mut_ptr(), name.len() as c_int, device)
        })?;
        // SAFETY: the driver NUL-terminates the name within the buffer.
        let name = unsafe { CStr::from_ptr(name.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        let attribute = |attribute| {
            let mut value = 0;
            self.check("cuDeviceGetAttribute", unsafe {
                (f.device_get_attribute)(&mut value, attribute, device)
            })
            .map(|()| value)
        };
        let compute_capability = (
            attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
            attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
        );
        let mut context: CuContext = std::ptr::null_mut();
        self.check("cuDevicePrimaryCtxRetain", unsafe {
            (f.primary_ctx_retain)(&mut context, device)
        })?;
        let opened = Device {
            driver: self,
            device,
            name,
            compute_capability,
        };
        self.check("cuCtxSetCurrent", unsafe { (f.ctx_set_current)(context) })?;
        Ok(opened)
    }
}

/// An open device with its primary context current.
pub struct Device<'d> {
    driver: &'d Driver,
    device: CuDevice,
    pub name: String,
    /// (major, minor): (9, 0) for sm_90.
    pub compute_capability: (i32, i32),
}

impl Drop for Device<'_> {
    fn drop(&mut self) {
        // SAFETY: releases the primary context retained in `Driver::device`.
        unsafe { (self.driver.functions.primary_ctx_release)(self.device) };
    }
}

/// A loaded module.
pub struct Module<'d> {
    driver: &'d Driver,
    handle: CuModule,
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        // SAFETY: the handle came from cuModuleLoadDataEx and is unloaded once.
        unsafe { (self.driver.functions.module_unload)(self.handle) };
    }
}

/// A kernel of a loaded module.
pub struct Kernel<'m> {
    module: &'m Module<'m>,
    handle: CuFunction,
}

/// Device memory, freed on drop.
pub struct DeviceBuffer<'d> {
    driver: &'d Driver,
    pub address: u64,
    pub bytes: usize,
}

impl Drop for DeviceBuffer<'_> {
    fn drop(&mut self) {
        if self.bytes > 0 {
            // SAFETY: the address came from cuMemAlloc and is freed once.
            unsafe { (self.driver.functions.mem_free)(self.address) };
        }
    }
}

/// Grid and block sizes, and dynamic shared memory, of one launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchShape {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared_bytes: u32,
}

impl<'d> Device<'d> {
    /// Loads a module; for PTX the driver's JIT compiles it, and its logs come back either way.
    pub fn load_module(&self, image: ModuleImage<'_>) -> Result<(Module<'d>, JitLog), LoadFailure> {
        let driver = self.driver;
        let ptx;
        let bytes: *const c_void = match image {
            ModuleImage::Ptx(text) => {
                // The driver reads PTX up to its NUL.
                ptx = CString::new(text.replace('\0', " ")).expect("NULs replaced");
                ptx.as_ptr().cast()
            }
            ModuleImage::Cubin(bytes) => bytes.as_ptr().cast(),
        };
        let mut info = vec![0u8; LOG_BYTES];
        let mut error = vec![0u8; LOG_BYTES];
        let mut options = [
            CU_JIT_INFO_LOG_BUFFER,
            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
            CU_JIT_ERROR_LOG_BUFFER,
            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            CU_JIT_LOG_VERBOSE,
            CU_JIT_WALL_TIME,
        ];
        // Each value is passed in a pointer-sized slot; the driver writes back the log sizes
        // and the wall time (a float in the slot's low bytes).
        let mut values: [*mut c_void; 6] = [
            info.as_mut_ptr().cast(),
            LOG_BYTES as *mut c_void,
            error.as_mut_ptr().cast(),
            LOG_BYTES as *mut c_void,
            std::ptr::dangling_mut::<c_void>(),
            std::ptr::null_mut(),
        ];
        let mut handle: CuModule = std::ptr::null_mut();
        // SAFETY: the image outlives the call, the buffers are as large as said.
        let status = unsafe {
            (driver.functions.module_load_data_ex)(
                &mut handle,
                bytes,
                options.len() as c_uint,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        let text_of = |buffer: &[u8]| {
            let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
            String::from_utf8_lossy(&buffer[..end])
                .trim_end()
                .to_string()
        };
        let log = JitLog {
            info: text_of(&info),
            error: text_of(&error),
            wall_ms: f32::from_bits(values[5] as usize as u32),
        };
        match driver.check("cuModuleLoadDataEx", status) {
            Ok(()) => Ok((Module { driver, handle }, log)),
            Err(error) => Err(LoadFailure { error, log }),
        }
    }

    pub fn alloc(&self, bytes: usize) -> Result<DeviceBuffer<'d>, CudaError> {
        let mut address = 0;
        if bytes > 0 {
            let f = &self.driver.functions;
            self.driver
                .check("cuMemAlloc", unsafe { (f.mem_alloc)(&mut address, bytes) })?;
        }
        Ok(DeviceBuffer {
            driver: self.driver,
            address,
            bytes,
        })
    }

    /// A buffer holding `data`.
    pub fn upload(&self, data: &[u8]) -> Result<DeviceBuffer<'d>, CudaError> {
        let buffer = self.alloc(data.len())?;
        if !data.is_empty() {
            let f = &self.driver.functions;
            self.driver.check("cuMemcpyHtoD", unsafe {
                (f.memcpy_htod)(buffer.address, data.as_ptr().cast(), data.len())
            })?;
        }
        Ok(buffer)
    }

    pub fn download(&self, buffer: &DeviceBuffer<'_>) -> Result<Vec<u8>, CudaError> {
        let mut data = vec![0u8; buffer.bytes];
        if !data.is_empty() {
            let f = &self.driver.functions;
            self.driver.check("cuMemcpyDtoH", unsafe {
                (f.memcpy_dtoh)(data.as_mut_ptr().cast(), buffer.address, data.len())
            })?;
        }
        Ok(data)
    }

    /// Launches `kernel` with each parameter's bytes (a buffer's device address for a
    /// pointer) and waits for it; returns the kernel's time in milliseconds between two events
    /// recorded around it. A fault in the kernel comes back as the driver's error
    /// (`CUDA_ERROR_ILLEGAL_ADDRESS`, `CUDA_ERROR_LAUNCH_FAILED`).
    pub fn launch(
        &self,
        kernel: &Kernel<'_>,
        shape: LaunchShape,
        parameters: &[Vec<u8>],
    ) -> Result<f32, CudaError> {
        let driver = self.driver;
        let f = &driver.functions;
        if shape.shared_bytes > DEFAULT_DYNAMIC_SHARED_LIMIT {
            driver.check("cuFuncSetAttribute", unsafe {
                (f.func_set_attribute)(
                    kernel.handle,
                    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    shape.shared_bytes as c_int,
                )
            })?;
        }
        // The driver copies each parameter from the pointer given for it. Copies in u64
        // words keep every value 8-byte aligned.
        let mut storage: Vec<Vec<u64>> = parameters
            .iter()
            .map(|bytes| {
                let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
                // SAFETY: `words` holds at least `bytes.len()` bytes.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        bytes.as_ptr(),
                        words.as_mut_ptr().cast::<u8>(),
                        bytes.len(),
                    )
                };
                words
            })
            .collect();
        let mut pointers: Vec<*mut c_void> = storage
            .iter_mut()
            .map(|words| words.as_mut_ptr().cast())
            .collect();
        let events = Events::new(driver)?;
        let stream: CuStream = std::ptr::null_mut();
        driver.check("cuEventRecord", unsafe {
            (f.event_record)(events.start, stream)
        })?;
        let [gx, gy, gz] = shape.grid;
        let [bx, by, bz] = shape.block;
        driver.check("cuLaunchKernel", unsafe {
            (f.launch_kernel)(
                kernel.handle,
                gx,
                gy,
                gz,
                bx,
                by,
                bz,
                shape.shared_bytes,
                stream,
                pointers.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        })?;
        driver.check("cuEventRecord", unsafe {
            (f.event_record)(events.stop, stream)
        })?;
        // A fault in the kernel surfaces here.
        driver.check("cuEventSynchronize (the kernel's run)", unsafe {
            (f.event_synchronize)(events.stop)
        })?;
        driver.check("cuCtxSynchronize", unsafe { (f.ctx_synchronize)() })?;
        let mut milliseconds = 0f32;
        driver.check("cuEventElapsedTime", unsafe {
            (f.event_elapsed_time)(&mut milliseconds, events.start, events.stop)
        })?;
        Ok(milliseconds)
    }
}

impl<'d> Module<'d> {
    pub fn kernel(&self, name: &str) -> Result<Kernel<'_>, CudaError> {
        let name_c = CString::new(name).map_err(|_| CudaError::Call {
            call: "cuModuleGetFunction",
            code: 1,
            name: "CUDA_ERROR_INVALID_VALUE".to_string(),
            text: format!("the kernel name {name:?} holds a NUL"),
        })?;
        let mut handle: CuFunction = std::ptr::null_mut();
        let f = &self.driver.functions;
        self.driver.check("cuModuleGetFunction", unsafe {
            (f.module_get_function)(&mut handle, self.handle, name_c.as_ptr())
        })?;
        Ok(Kernel {
            module: self,
            handle,
        })
    }
}

impl Kernel<'_> {
    /// The registers per thread the loaded code uses.
    pub fn registers(&self) -> Result<i32, CudaError> {
        self.attribute(CU_FUNC_ATTRIBUTE_NUM_REGS)
    }

    /// The largest block the kernel can be launched with (its `.maxntid`/`.reqntid` where the
    /// code fixes one).
    pub fn max_threads_per_block(&self) -> Result<i32, CudaError> {
        self.attribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
    }

    fn attribute(&self, attribute: c_int) -> Result<i32, CudaError> {
        let driver = self.module.driver;
        let mut value = 0;
        driver.check("cuFuncGetAttribute", unsafe {
            (driver.functions.func_get_attribute)(&mut value, attribute, self.handle)
        })?;
        Ok(value)
    }
}

/// The two events around a launch, destroyed on drop.
struct Events<'d> {
    driver: &'d Driver,
    start: CuEvent,
    stop: CuEvent,
}

impl<'d> Events<'d> {
    fn new(driver: &'d Driver) -> Result<Self, CudaError> {
        let f = &driver.functions;
        let mut events = Events {
            driver,
            start: std::ptr::null_mut(),
            stop: std::ptr::null_mut(),
        };
        driver.check("cuEventCreate", unsafe {
            (f.event_create)(&mut events.start, 0)
        })?;
        driver.check("cuEventCreate", unsafe {
            (f.event_create)(&mut events.stop, 0)
        })?;
        Ok(events)
    }
}

impl Drop for Events<'_> {
    fn drop(&mut self) {
        for event in [self.start, self.stop] {
            if !event.is_null() {
                // SAFETY: each event came from cuEventCreate and is destroyed once.
                unsafe { (self.driver.functions.event_destroy)(event) };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where no driver is installed (this project's CI), loading says so by name. On a
    /// machine with a driver this checks nothing about it.
    #[test]
    fn a_missing_driver_is_named() {
        if library_present() {
            return;
        }
        match Driver::load() {
            Err(CudaError::Missing(message)) => {
                assert!(message.contains("libcuda.so.1 not found"), "{message}")
            }
            Err(other) => panic!("unexpected error: {other}"),
            Ok(_) => panic!("the driver loaded though the library is absent"),
        }
    }
}
