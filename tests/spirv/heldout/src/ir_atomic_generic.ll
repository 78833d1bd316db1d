; opencl: 2.0
; Hand-written LLVM IR (spir64): an atomicrmw on a global pointer cast to generic and back,
; a cmpxchg loop and a memory fence.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_func void @add_generic(i32 addrspace(4)* %p, i32 %v) {
entry:
  %g = addrspacecast i32 addrspace(4)* %p to i32 addrspace(1)*
  %old = atomicrmw add i32 addrspace(1)* %g, i32 %v seq_cst
  ret void
}

define spir_kernel void @count(i32 addrspace(1)* %counter, i32 addrspace(1)* %maxv, i32 addrspace(1)* %in) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pin = getelementptr inbounds i32, i32 addrspace(1)* %in, i64 %gid
  %x = load i32, i32 addrspace(1)* %pin, align 4
  %gen = addrspacecast i32 addrspace(1)* %counter to i32 addrspace(4)*
  call spir_func void @add_generic(i32 addrspace(4)* %gen, i32 1)
  %cur0 = load atomic i32, i32 addrspace(1)* %maxv seq_cst, align 4
  br label %retry
retry:
  %cur = phi i32 [ %cur0, %entry ], [ %seen, %again ]
  %bigger = icmp sgt i32 %x, %cur
  br i1 %bigger, label %again, label %done
again:
  %pair = cmpxchg i32 addrspace(1)* %maxv, i32 %cur, i32 %x seq_cst seq_cst
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %retry
done:
  fence seq_cst
  ret void
}

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 2, i32 0}
