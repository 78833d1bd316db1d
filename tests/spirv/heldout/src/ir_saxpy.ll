; opencl: 1.2
; Hand-written LLVM IR (spir64): saxpy with a loop-free body, a select and get_global_id.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @saxpy(float addrspace(1)* %x, float addrspace(1)* %y, float %a, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %px = getelementptr inbounds float, float addrspace(1)* %x, i64 %gid
  %py = getelementptr inbounds float, float addrspace(1)* %y, i64 %gid
  %vx = load float, float addrspace(1)* %px, align 4
  %vy = load float, float addrspace(1)* %py, align 4
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  %neg = fcmp olt float %s, 0.0
  %r = select i1 %neg, float 0.0, float %s
  store float %r, float addrspace(1)* %py, align 4
  br label %done
done:
  ret void
}

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 1, i32 2}
