//! SPV016 `spirv-operand-target`.

use speclint_base::rules::rules;

rules! {
    SPIRV_OPERAND_TARGET = "SPV016" "spirv-operand-target" Error fix=false {
        summary: "An id operand names an instruction of the wrong kind",
        explanation: "Some id operands must name a particular kind of instruction, whatever its type: a value operand names no type (`OpSizeOf` takes a pointer value, not a pointer type), an `OpVariable` initializer is a constant instruction or a module-scope `OpVariable` (not `OpUndef`, not a computed value), and the operands of the debug-information sets (`OpenCL.DebugInfo.100`, `NonSemantic.Shader.DebugInfo.100`) name the debug instructions their grammar operand stands for (a `DebugFunction`'s `Declaration` is a `DebugFunctionDeclaration`, a `Source` is a `DebugSource`, a `Name` is an `OpString`), and the non-semantic set passes the other set's literals as 32-bit unsigned `OpConstant`s. Constraints that spirv-val 2023.1 does not enforce are warnings that say so; where spirv-val is stricter than the specification (it rejects the `DebugInfoNone` llvm-spirv-15 writes as a `Declaration`), the message says that too.",
        example: "%s = OpSizeOf %uint %_ptr_CrossWorkgroup_uint   ; SPV016: a pointer type, not a pointer\n%f = OpExtInst %void %dbg DebugFunction %name %type %source 1 0 %cu %name FlagIsDefinition 1 %main %none   ; SPV016: Declaration must be a DebugFunctionDeclaration",
    }
}
