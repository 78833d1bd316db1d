//! SPV006 `spirv-module-layout`.

use speclint_base::rules::rules;

rules! {
    SPIRV_MODULE_LAYOUT = "SPV006" "spirv-module-layout" Error fix=false {
        summary: "An instruction is out of the module's logical layout order",
        explanation: "A module lists, in order: capabilities, extensions, extended instruction set imports, the one memory model, entry points, execution modes, debug instructions (strings, names), annotations (decorations), types, constants and global variables, function declarations, function definitions. Inside a function, `OpFunctionParameter`s follow `OpFunction`, blocks start with `OpLabel` and end with a terminator, and `OpVariable`s come first in the first block (SPIR-V 2.4).",
        example: "OpMemoryModel Physical64 OpenCL\nOpCapability Kernel   ; SPV006: capabilities come first",
    }
}
