//! The SPIR-V rules: codes, severities and explanations (`speclint explain SPV013`).

use speclint_base::rules::rules;

rules! {
    SPIRV_RULES;
    SPIRV_SYNTAX_ERROR = "SPV001" "spirv-syntax-error" Error fix=false {
        summary: "The text does not follow the SPIR-V assembly syntax",
        explanation: "The assembler syntax is `%result = OpName operand…` or `OpName operand…`, one instruction per line, with ids written `%name` or `%123`, literals as numbers or quoted strings and enumerants by name (masks joined with `|`). speclint recovers at the next line and reports every error. A binary module that is truncated or whose word counts do not add up is reported here too.",
        example: "%1 = OpTypeInt 32 0 \"x   ; SPV001: unterminated string",
    }
    SPIRV_UNKNOWN_OPCODE = "SPV002" "spirv-unknown-opcode" Error fix=true {
        summary: "No SPIR-V instruction (or extended instruction) has this name",
        explanation: "The opcode is not in the SPIR-V grammar speclint knows (SPIR-V 1.6 with the registered extensions), or an `OpExtInst` names an instruction its set does not have. The fix offers the closest names.",
        example: "%3 = OpIAddd %uint %1 %2   ; SPV002\n%3 = OpIAdd %uint %1 %2    ; fixed",
    }
    SPIRV_UNDEFINED_ID = "SPV003" "spirv-undefined-id" Error fix=false {
        summary: "An id is used but never defined",
        explanation: "Every id an instruction refers to must be the result of some instruction in the module (forward references are allowed only where the specification allows them, see SPV005).",
        example: "%3 = OpIAdd %uint %1 %x   ; SPV003: %x is not defined",
    }
    SPIRV_DUPLICATE_ID = "SPV004" "spirv-duplicate-id" Error fix=false {
        summary: "An id is defined by more than one instruction",
        explanation: "Each result id is defined exactly once in a module (static single assignment).",
        example: "%a = OpConstant %uint 1\n%a = OpConstant %uint 2   ; SPV004",
    }
    SPIRV_FORWARD_REFERENCE = "SPV005" "spirv-forward-reference" Error fix=false {
        summary: "An id is used before its definition where the specification forbids it",
        explanation: "Forward references are allowed only in a few places: names, decorations, entry points and execution modes, `OpTypeForwardPointer`, branch targets and `OpPhi` operands, and calls to functions defined later. Anywhere else the definition must come first (SPIR-V 2.4 Logical Layout of a Module; 2.16 Validation Rules).",
        example: "%p = OpTypePointer CrossWorkgroup %uint   ; SPV005: %uint is defined below\n%uint = OpTypeInt 32 0",
    }
    SPIRV_MODULE_LAYOUT = "SPV006" "spirv-module-layout" Error fix=false {
        summary: "An instruction is out of the module's logical layout order",
        explanation: "A module lists, in order: capabilities, extensions, extended instruction set imports, the one memory model, entry points, execution modes, debug instructions (strings, names), annotations (decorations), types, constants and global variables, function declarations, function definitions. Inside a function, `OpFunctionParameter`s follow `OpFunction`, blocks start with `OpLabel` and end with a terminator, and `OpVariable`s come first in the first block (SPIR-V 2.4).",
        example: "OpMemoryModel Physical64 OpenCL\nOpCapability Kernel   ; SPV006: capabilities come first",
    }
    SPIRV_OPERAND_COUNT = "SPV007" "spirv-operand-count" Error fix=false {
        summary: "The instruction has too many or too few operands",
        explanation: "Each instruction's operands are fixed by the grammar (some are optional or repeated); the message names the operands the instruction expects.",
        example: "%3 = OpIAdd %uint %1   ; SPV007: expects Operand 1 and Operand 2",
    }
    SPIRV_OPERAND_KIND = "SPV008" "spirv-operand-kind" Error fix=true {
        summary: "An operand is not of the kind the grammar expects",
        explanation: "An id was written where a literal is expected or the reverse, an enumerant is not one of its operand kind's (a misspelt `StorageClass`, a mask bit of another kind), or a literal does not fit its width. The fix offers the closest enumerant names.",
        example: "%p = OpTypePointer CrossWorkgrup %uint   ; SPV008: not a StorageClass",
    }
    SPIRV_MISSING_CAPABILITY = "SPV009" "spirv-missing-capability" Error fix=true {
        summary: "The module uses something that needs a capability it does not declare",
        explanation: "Instructions, enumerants and types may need a capability (`OpTypeInt 64` needs `Int64`, `Generic` storage needs `GenericPointer`). The module must declare one of them with `OpCapability`; a capability also declares the ones it depends on. The fix adds the `OpCapability`.",
        example: "%long = OpTypeInt 64 0   ; SPV009: needs Int64\nOpCapability Int64       ; fixed",
    }
    SPIRV_MISSING_EXTENSION = "SPV010" "spirv-missing-extension" Error fix=true {
        summary: "The module uses an extension's instruction or enumerant without `OpExtension`",
        explanation: "What an extension adds may only be used when the module names the extension with `OpExtension` (unless the module's SPIR-V version has it in core). The fix adds the `OpExtension`.",
        example: "OpCapability Float16Buffer\n%x = OpSubgroupShuffleINTEL …   ; SPV010: needs SPV_INTEL_subgroups",
    }
    SPIRV_VERSION_TOO_LOW = "SPV011" "spirv-version-too-low" Error fix=false {
        summary: "An instruction or enumerant is newer than the module's SPIR-V version",
        explanation: "The module's header (`; Version: 1.0` in assembly, the version word in binary; for assembly without one, `--spirv-version`) says which SPIR-V version it is; instructions and enumerants introduced later may be used only through the extension that added them. spirv-val 2023.1 does not check the version of an instruction that needs a capability (`OpSizeOf` in a SPIR-V 1.0 module): that is a warning that says so.",
        example: "; Version: 1.0\n%r = OpGroupNonUniformElect %bool %scope   ; SPV011: needs SPIR-V 1.3",
    }
    SPIRV_VERSION_NOT_ACCEPTED = "SPV012" "spirv-version-not-accepted" Error fix=false {
        summary: "The configured OpenCL version does not accept the module's SPIR-V version",
        explanation: "Devices report the SPIR-V versions they accept; the environment specification guarantees some: OpenCL 1.2 (with `cl_khr_il_program`), 2.0 and 2.1 devices accept SPIR-V 1.0, OpenCL 2.2 devices 1.0 to 1.2, OpenCL 3.1 devices 1.0 to 1.4, and OpenCL 3.0 guarantees none. A module newer than the configured OpenCL version guarantees is reported unless the device's versions are configured (`[spirv] spirv-versions`). Set `--opencl-version` to the OpenCL version the module is for. Assembly with no `; Version:` line takes its version from `--spirv-version` (`[spirv] spirv-version`); without one it is checked against every version the device accepts (the newest where one must be chosen), and a hint under this code states that assumption.",
        example: "; Version: 1.4   (checked with --opencl-version 2.2)   ; SPV012",
    }
    SPIRV_TYPE_MISMATCH = "SPV013" "spirv-type-mismatch" Error fix=false {
        summary: "A result or operand type does not fit the instruction",
        explanation: "Each core instruction and each OpenCL.std function constrains its result type and operand types (integer or float scalars or vectors, equal component counts and widths, pointer operands). The message names the operand, its type and what the instruction expects.",
        example: "%r = OpFAdd %float %a %i   ; SPV013: %i is an int, OpFAdd needs float operands",
    }
    SPIRV_STORAGE_CLASS = "SPV014" "spirv-storage-class" Error fix=false {
        summary: "A pointer's storage class is not allowed here",
        explanation: "Loads, stores, calls and variables constrain the storage class of their pointers: `OpVariable` takes the storage class of its pointer type, a call passes pointers of the storage classes its callee declares, read-only classes (`UniformConstant`, `Input`) are not stored to, and generic casts go between `Generic` and `CrossWorkgroup`, `Workgroup` or `Function`.",
        example: "%v = OpVariable %_ptr_Function_uint Workgroup   ; SPV014",
    }
    SPIRV_CONTROL_FLOW = "SPV015" "spirv-control-flow" Error fix=false {
        summary: "Blocks, branches or `OpPhi` break the control-flow rules",
        explanation: "Every block starts with `OpLabel` and ends with one terminator; branch targets are labels of the same function; `OpPhi` comes first in its block and names one value for each predecessor block. A merge instruction (`OpLoopMerge`, `OpSelectionMerge`) is the second-to-last instruction of its header block, right before the branch, and no two headers of a function share a merge block (SPIR-V 2.11 Structured Control Flow); spirv-val reports a shared merge block on the function's `OpFunction`, and so does speclint.",
        example: "OpBranch %x   ; SPV015: %x is not a label",
    }
    SPIRV_OPERAND_TARGET = "SPV016" "spirv-operand-target" Error fix=false {
        summary: "An id operand names an instruction of the wrong kind",
        explanation: "Some id operands must name a particular kind of instruction, whatever its type: a value operand names no type (`OpSizeOf` takes a pointer value, not a pointer type), an `OpVariable` initializer is a constant instruction or a module-scope `OpVariable` (not `OpUndef`, not a computed value), and the operands of the debug-information sets (`OpenCL.DebugInfo.100`, `NonSemantic.Shader.DebugInfo.100`) name the debug instructions their grammar operand stands for (a `DebugFunction`'s `Declaration` is a `DebugFunctionDeclaration`, a `Source` is a `DebugSource`, a `Name` is an `OpString`), and the non-semantic set passes the other set's literals as 32-bit unsigned `OpConstant`s. Constraints that spirv-val 2023.1 does not enforce are warnings that say so; where spirv-val is stricter than the specification (it rejects the `DebugInfoNone` llvm-spirv-15 writes as a `Declaration`), the message says that too.",
        example: "%s = OpSizeOf %uint %_ptr_CrossWorkgroup_uint   ; SPV016: a pointer type, not a pointer\n%f = OpExtInst %void %dbg DebugFunction %name %type %source 1 0 %cu %name FlagIsDefinition 1 %main %none   ; SPV016: Declaration must be a DebugFunctionDeclaration",
    }
    OPENCL_MEMORY_AND_EXECUTION_MODEL = "SPV020" "opencl-memory-and-execution-model" Error fix=false {
        summary: "The memory model, addressing model or execution model is not OpenCL's",
        explanation: "An OpenCL module uses the `OpenCL` memory model, the `Physical32` or `Physical64` addressing model (matching the device's address width) and the `Kernel` execution model for its entry points (OpenCL SPIR-V Environment, Validation Rules).",
        example: "OpMemoryModel Logical GLSL450   ; SPV020",
    }
    OPENCL_KERNEL_SIGNATURE = "SPV021" "opencl-kernel-signature" Error fix=false {
        summary: "A kernel returns a value or has an argument type OpenCL does not allow",
        explanation: "An entry point's function returns `void`. Its parameters may not be `bool` (or contain one), may not be pointers to the `Function` or `Private` storage classes, and `size_t`-like integers follow the addressing model's width.",
        example: "%k = OpFunction %uint None %fn   ; SPV021: a kernel returns void",
    }
    OPENCL_BUILTIN_VARIABLE = "SPV022" "opencl-builtin-variable" Error fix=false {
        summary: "A built-in variable has the wrong storage class or type",
        explanation: "The built-in variables OpenCL defines (`GlobalInvocationId`, `LocalInvocationId`, `WorkDim`, `SubgroupSize`, …) are `Input` variables of the type the environment specification gives them: a 3-component vector or scalar of 32-bit or 64-bit integers, by addressing model. A built-in the environment does not define is an error.",
        example: "OpDecorate %gid BuiltIn GlobalInvocationId\n%gid = OpVariable %_ptr_CrossWorkgroup_v3ulong CrossWorkgroup   ; SPV022",
    }
    OPENCL_RECURSION = "SPV023" "opencl-recursion" Error fix=false {
        summary: "A function calls itself, directly or through other functions",
        explanation: "OpenCL does not support recursion: the static call graph of a module must have no cycles.",
        example: "%f = OpFunction %void None %fn\n…\n%r = OpFunctionCall %void %f   ; SPV023",
    }
    OPENCL_SCOPE = "SPV024" "opencl-scope" Error fix=false {
        summary: "An execution or memory scope is not allowed here in this OpenCL version",
        explanation: "Scope operands are 32-bit integers; their values are checked where they are constants (a computed scope is allowed: only the Shader validation rules ask for constants). OpenCL 1.2 allows control barriers only at `Workgroup` execution scope and atomics only at `Device` memory scope; no OpenCL version allows the `Invocation` scope for atomics; `Subgroup` scope needs the subgroups capability; `OpGroupAsyncCopy` and `OpGroupWaitEvents` take `Workgroup` execution scope. A decoration's scope (`UniformId`) is not an instruction's scope and is not checked here.",
        example: "OpControlBarrier %device %workgroup %seq_cst   ; SPV024 under OpenCL 1.2",
    }
    OPENCL_MEMORY_SEMANTICS = "SPV025" "opencl-memory-semantics" Error fix=false {
        summary: "Memory semantics are not allowed here in this OpenCL version",
        explanation: "In OpenCL 1.2 control barriers use sequentially-consistent semantics and atomics relaxed semantics; at most one ordering bit may be set; semantics operands are 32-bit integers, checked where they are constants.",
        example: "OpAtomicIAdd … %device %acquire_release …   ; SPV025 under OpenCL 1.2",
    }
    OPENCL_ATOMIC_TYPE = "SPV026" "opencl-atomic-type" Error fix=false {
        summary: "An atomic operates on a type or storage class OpenCL does not allow",
        explanation: "Atomic instructions operate on 32-bit integers, on 64-bit integers only with the `Int64Atomics` capability, on floats only with the float-atomics capabilities, and only through pointers to `CrossWorkgroup`, `Workgroup` or `Function` memory (`Function` is valid but its behaviour is undefined), or `Generic` memory where the module declares `GenericPointer`. spirv-val 2023.1 accepts atomics on 8-bit and 16-bit integers, so those are warnings that say so.",
        example: "%r = OpAtomicIAdd %ulong %p %dev %relaxed %one   ; SPV026 without Int64Atomics",
    }
    OPENCL_CAPABILITY_NOT_SUPPORTED = "SPV027" "opencl-capability-not-supported" Error fix=false {
        summary: "The module declares a capability the configured OpenCL environment does not support",
        explanation: "Each OpenCL version and profile supports a set of capabilities, some only when the device has an extension or (from OpenCL 3.0) an optional feature. `Shader` and the graphics capabilities are never allowed; `Int64` needs the full profile or `cles_khr_int64`; `Float16` needs `cl_khr_fp16`; `Generic` pointers, pipes and device-side enqueue are OpenCL 2.0 features, optional in 3.0. Configure the device's extensions and features with `[spirv]` settings.",
        example: "OpCapability Shader   ; SPV027",
    }
    OPENCL_EXTENDED_INSTRUCTION_SET = "SPV028" "opencl-extended-instruction-set" Error fix=false {
        summary: "The module imports an extended instruction set OpenCL does not accept",
        explanation: "An OpenCL module may import `OpenCL.std` and the OpenCL debug information sets (`OpenCL.DebugInfo.100`, and the non-semantic sets); `GLSL.std.450` and unknown sets are not accepted.",
        example: "%1 = OpExtInstImport \"GLSL.std.450\"   ; SPV028",
    }
    OPENCL_HALF_WITHOUT_FLOAT16 = "SPV029" "opencl-half-without-float16" Error fix=false {
        summary: "Half-precision values are used beyond memory while only `Float16Buffer` is declared",
        explanation: "With `Float16Buffer` and without `Float16`, 16-bit floats may only be pointed to, loaded and stored through conversion functions (`vload_half`, `vstore_half`); any other instruction with a 16-bit float operand or result needs the `Float16` capability (`cl_khr_fp16`).",
        example: "OpCapability Float16Buffer\n%r = OpFAdd %half %a %b   ; SPV029",
    }
    OPENCL_PRINTF = "SPV030" "opencl-printf" Error fix=false {
        summary: "A `printf` call does not follow OpenCL's rules",
        explanation: "OpenCL.std `printf` returns a 32-bit integer; its format is a pointer to 8-bit integers in the `UniformConstant` storage class (a string constant); the number of arguments matches the conversions in the format. spirv-val 2023.1 checks the result and format types, not the arguments against the format: those findings are warnings that say so.",
        example: "%r = OpExtInst %uint %std printf %fmt_in_global   ; SPV030: the format must be UniformConstant",
    }
    OPENCL_IMAGE_TYPE = "SPV031" "opencl-image-type" Error fix=false {
        summary: "An image type does not follow the OpenCL environment's rules",
        explanation: "In OpenCL an `OpTypeImage` has a `void` sampled type, `Depth` 0 or 1, `MS` 0 unless multisample images are supported, `Sampled` 0, format `Unknown` and an access qualifier; `Dim` is 1D, 2D, 3D or Buffer, and arrayed only for 1D and 2D. Image instructions do not take `ConstOffset`.",
        example: "%img = OpTypeImage %float 2D 0 0 0 0 Unknown ReadOnly   ; SPV031: sampled type must be void",
    }
    OPENCL_EMBEDDED_PROFILE = "SPV032" "opencl-embedded-profile" Error fix=false {
        summary: "The module uses something the embedded profile does not have",
        explanation: "The embedded profile has no 64-bit integers unless the device supports `cles_khr_int64`, and supports fewer image formats and features. Check with `--opencl-profile full` if the module targets a full-profile device.",
        example: "OpCapability Int64   ; SPV032 with --opencl-profile embedded",
    }
    OPENCL_EXTENSION_NOT_SUPPORTED = "SPV033" "opencl-extension-not-supported" Error fix=false {
        summary: "The module declares an extension the OpenCL environment does not accept",
        explanation: "An OpenCL environment accepts only the SPIR-V extensions listed by the OpenCL SPIR-V environment specification (and those the device reports); `OpExtension` of an extension whose every feature is graphics-only (it needs `Shader` or the Vulkan memory model) is reported. Extensions the environment does not list describe their own changes to it (vendor and `ext` extensions): a registered one the grammar ties nothing to (SPIRV-Tools knows it, or the SPIR-V specification's change log names it) gets no finding, and an unknown name, or one the configured device extensions do not enable, is a warning; `SPV_KHR_non_semantic_info` (core in SPIR-V 1.6) is accepted, its `NonSemantic.*` imports are checked as imports. spirv-val 2023.1 accepts every `OpExtension`, so every finding of this rule is a warning that says so (the capabilities a graphics extension needs are errors under SPV027).",
        example: "OpExtension \"SPV_KHR_ray_tracing\"   ; SPV033",
    }
    OPENCL_DECORATION = "SPV034" "opencl-decoration" Error fix=false {
        summary: "A decoration is not allowed on this target or in OpenCL",
        explanation: "Decorations apply to particular kinds of ids: `FuncParamAttr` to function parameters and return values (the `OpFunction`), `BuiltIn` to variables, `Alignment` to pointers; `LinkageAttributes` needs the `Linkage` capability, and a variable it imports (`Import`) has no initializer (SPIR-V 2.16.1). Some decorations have no meaning in OpenCL. spirv-val 2023.1 checks the targets of `BuiltIn`, `Constant` and the no-wrap decorations, not those of `FuncParamAttr`, `FPRoundingMode`, `FPFastMathMode`, `SaturatedConversion` or `Alignment`: those findings are warnings that say so.",
        example: "OpDecorate %uint FuncParamAttr NoAlias   ; SPV034: %uint is a type",
    }
}
