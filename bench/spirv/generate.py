#!/usr/bin/env python3
"""A large OpenCL SPIR-V module for the benchmark: N kernels, each with its own
GlobalInvocationId variable in its entry point's interface, loads, integer and float
arithmetic, an OpenCL.std call, a branch and a phi.

    bench/spirv/generate.py [N]      (default 3000; about 4.4 MB of assembly at 3000)

The module is SPIR-V 1.0 for the OpenCL 2.2 environment; spirv-val --target-env opencl2.2
accepts it and speclint checks it clean.
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
out = []
w = out.append
w("; SPIR-V")
w("; Version: 1.0")
w("; Generator: speclint bench/spirv/generate.py")
w(f"; Bound: {20 + n * 40}")
w("; Schema: 0")
w("               OpCapability Addresses")
w("               OpCapability Kernel")
w("               OpCapability Int64")
w("          %std = OpExtInstImport \"OpenCL.std\"")
w("               OpMemoryModel Physical64 OpenCL")
for k in range(n):
    w(f"               OpEntryPoint Kernel %k_{k} \"kernel_{k}\" %gid_{k}")
for k in range(n):
    w(f"               OpDecorate %gid_{k} BuiltIn GlobalInvocationId")
w("       %void = OpTypeVoid")
w("       %bool = OpTypeBool")
w("       %uint = OpTypeInt 32 0")
w("      %ulong = OpTypeInt 64 0")
w("      %float = OpTypeFloat 32")
w("    %v3ulong = OpTypeVector %ulong 3")
w("  %ptr_in_v3 = OpTypePointer Input %v3ulong")
w("  %ptr_float = OpTypePointer CrossWorkgroup %float")
w("   %ptr_uint = OpTypePointer CrossWorkgroup %uint")
w("         %fn = OpTypeFunction %void %ptr_float %ptr_uint %uint")
w("     %uint_0 = OpConstant %uint 0")
w("     %uint_1 = OpConstant %uint 1")
w("     %uint_3 = OpConstant %uint 3")
w("   %float_half = OpConstant %float 0.5")
w("    %float_2 = OpConstant %float 2")
for k in range(n):
    w(f"      %gid_{k} = OpVariable %ptr_in_v3 Input")
for k in range(n):
    w(f"""        %k_{k} = OpFunction %void None %fn
      %a_{k} = OpFunctionParameter %ptr_float
      %b_{k} = OpFunctionParameter %ptr_uint
      %n_{k} = OpFunctionParameter %uint
  %entry_{k} = OpLabel
    %ids_{k} = OpLoad %v3ulong %gid_{k} Aligned 32
   %id64_{k} = OpCompositeExtract %ulong %ids_{k} 0
     %id_{k} = OpUConvert %uint %id64_{k}
     %in_{k} = OpULessThan %bool %id_{k} %n_{k}
               OpSelectionMerge %done_{k} None
               OpBranchConditional %in_{k} %body_{k} %done_{k}
   %body_{k} = OpLabel
     %pa_{k} = OpInBoundsPtrAccessChain %ptr_float %a_{k} %id64_{k}
      %x_{k} = OpLoad %float %pa_{k} Aligned 4
     %x2_{k} = OpFMul %float %x_{k} %float_2
      %s_{k} = OpExtInst %float %std sqrt %x2_{k}
      %t_{k} = OpFAdd %float %s_{k} %float_half
               OpStore %pa_{k} %t_{k} Aligned 4
     %pb_{k} = OpInBoundsPtrAccessChain %ptr_uint %b_{k} %id64_{k}
      %c_{k} = OpLoad %uint %pb_{k} Aligned 4
     %c3_{k} = OpIMul %uint %c_{k} %uint_3
     %c1_{k} = OpIAdd %uint %c3_{k} %uint_1
               OpBranch %done_{k}
   %done_{k} = OpLabel
      %r_{k} = OpPhi %uint %uint_0 %entry_{k} %c1_{k} %body_{k}
     %pr_{k} = OpInBoundsPtrAccessChain %ptr_uint %b_{k} %id64_{k}
               OpStore %pr_{k} %r_{k} Aligned 4
               OpReturn
               OpFunctionEnd""")
print("\n".join(out))
