; opencl: 2.0
; Hand-written LLVM IR (spir64): a struct in local memory, a work-group barrier
; (_Z7barrierj) and vector loads/stores.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%pair = type { <4 x float>, i32 }

@stash = internal addrspace(3) global [64 x %pair] undef, align 16

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

define spir_kernel void @swap_pairs(<4 x float> addrspace(1)* %v, i32 addrspace(1)* %tags) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pv = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %v, i64 %gid
  %x = load <4 x float>, <4 x float> addrspace(1)* %pv, align 16
  %pt = getelementptr inbounds i32, i32 addrspace(1)* %tags, i64 %gid
  %t = load i32, i32 addrspace(1)* %pt, align 4
  %sv = getelementptr inbounds [64 x %pair], [64 x %pair] addrspace(3)* @stash, i64 0, i64 %lid, i32 0
  store <4 x float> %x, <4 x float> addrspace(3)* %sv, align 16
  %st = getelementptr inbounds [64 x %pair], [64 x %pair] addrspace(3)* @stash, i64 0, i64 %lid, i32 1
  store i32 %t, i32 addrspace(3)* %st, align 16
  call spir_func void @_Z7barrierj(i32 1)
  %other = xor i64 %lid, 1
  %ov = getelementptr inbounds [64 x %pair], [64 x %pair] addrspace(3)* @stash, i64 0, i64 %other, i32 0
  %y = load <4 x float>, <4 x float> addrspace(3)* %ov, align 16
  %sw = shufflevector <4 x float> %y, <4 x float> %x, <4 x i32> <i32 3, i32 2, i32 5, i32 4>
  store <4 x float> %sw, <4 x float> addrspace(1)* %pv, align 16
  ret void
}

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 2, i32 0}
