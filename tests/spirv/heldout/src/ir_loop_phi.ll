; opencl: 1.2
; Hand-written LLVM IR (spir, 32-bit): a counted loop with phis, a call to a helper function
; and a switch.
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_func i32 @weight(i32 %k) {
entry:
  switch i32 %k, label %other [ i32 0, label %zero
                                i32 1, label %one ]
zero:
  ret i32 3
one:
  ret i32 5
other:
  %d = shl i32 %k, 1
  ret i32 %d
}

define spir_kernel void @weighted_sum(i32 addrspace(1)* %in, i32 addrspace(1)* %out, i32 %len) {
entry:
  %gid = call spir_func i32 @_Z13get_global_idj(i32 0)
  %base = mul i32 %gid, %len
  %empty = icmp sle i32 %len, 0
  br i1 %empty, label %exit, label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %idx = add i32 %base, %k
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %idx
  %v = load i32, i32 addrspace(1)* %p, align 4
  %w = call spir_func i32 @weight(i32 %k)
  %prod = mul i32 %v, %w
  %acc.next = add i32 %acc, %prod
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %len
  br i1 %more, label %loop, label %exit
exit:
  %res = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %res, i32 addrspace(1)* %q, align 4
  ret void
}

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 1, i32 2}
