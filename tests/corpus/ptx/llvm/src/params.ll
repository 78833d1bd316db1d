; Function parameters and returns of every shape the NVPTX back end lowers differently:
; vectors (<2 x i32>, <4 x float>, <2 x double>, <4 x i8>, <3 x float>), i1/i8/i16 scalars,
; aggregates returned and passed by value, byval arrays, and an indirect call through a
; function pointer (a call prototype).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%pair = type { i32, float }
%big = type { [5 x i64], i8 }

define internal <2 x i32> @swap2(<2 x i32> %v) noinline {
  %r = shufflevector <2 x i32> %v, <2 x i32> poison, <2 x i32> <i32 1, i32 0>
  ret <2 x i32> %r
}

define internal <4 x float> @scale4(<4 x float> %v, float %s) noinline {
  %i = insertelement <4 x float> poison, float %s, i32 0
  %b = shufflevector <4 x float> %i, <4 x float> poison, <4 x i32> zeroinitializer
  %r = fmul <4 x float> %v, %b
  ret <4 x float> %r
}

define internal <2 x double> @add2d(<2 x double> %a, <2 x double> %b) noinline {
  %r = fadd <2 x double> %a, %b
  ret <2 x double> %r
}

define internal <4 x i8> @bytes(<4 x i8> %v, i8 %k) noinline {
  %i = insertelement <4 x i8> %v, i8 %k, i32 2
  ret <4 x i8> %i
}

define internal <3 x float> @three(<3 x float> %v) noinline {
  %r = fadd <3 x float> %v, <float 1.0, float 2.0, float 3.0>
  ret <3 x float> %r
}

define internal i1 @flag(i1 %a, i16 %b) noinline {
  %c = icmp ugt i16 %b, 7
  %r = xor i1 %a, %c
  ret i1 %r
}

define internal %pair @make(i32 %a) noinline {
  %f = sitofp i32 %a to float
  %p0 = insertvalue %pair undef, i32 %a, 0
  %p1 = insertvalue %pair %p0, float %f, 1
  ret %pair %p1
}

define internal i64 @total(ptr byval(%big) align 8 %b) noinline {
  %p = getelementptr inbounds %big, ptr %b, i32 0, i32 0, i32 4
  %v = load i64, ptr %p, align 8
  %q = getelementptr inbounds %big, ptr %b, i32 0, i32 1
  %c = load i8, ptr %q, align 8
  %w = zext i8 %c to i64
  %r = add i64 %v, %w
  ret i64 %r
}

define internal i32 @inc(i32 %a) noinline {
  %r = add i32 %a, 1
  ret i32 %r
}

define internal i32 @dec(i32 %a) noinline {
  %r = sub i32 %a, 1
  ret i32 %r
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @params(ptr addrspace(1) %out, ptr addrspace(1) %vec, ptr addrspace(1) %dbl, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %vp = getelementptr inbounds <2 x i32>, ptr addrspace(1) %out, i32 %tid
  %v = load <2 x i32>, ptr addrspace(1) %vp, align 8
  %s = call <2 x i32> @swap2(<2 x i32> %v)
  store <2 x i32> %s, ptr addrspace(1) %vp, align 8
  %fp = getelementptr inbounds <4 x float>, ptr addrspace(1) %vec, i32 %tid
  %f = load <4 x float>, ptr addrspace(1) %fp, align 16
  %g = call <4 x float> @scale4(<4 x float> %f, float 2.0)
  store <4 x float> %g, ptr addrspace(1) %fp, align 16
  %dp = getelementptr inbounds <2 x double>, ptr addrspace(1) %dbl, i32 %tid
  %d = load <2 x double>, ptr addrspace(1) %dp, align 16
  %e = call <2 x double> @add2d(<2 x double> %d, <2 x double> %d)
  store <2 x double> %e, ptr addrspace(1) %dp, align 16
  %b4 = bitcast <2 x i32> %s to <8 x i8>
  %lo = shufflevector <8 x i8> %b4, <8 x i8> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %nb = trunc i32 %n to i8
  %bb = call <4 x i8> @bytes(<4 x i8> %lo, i8 %nb)
  %bi = bitcast <4 x i8> %bb to i32
  %t3 = shufflevector <4 x float> %g, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %r3 = call <3 x float> @three(<3 x float> %t3)
  %x3 = extractelement <3 x float> %r3, i32 2
  %xi = fptosi float %x3 to i32
  %cond = icmp sgt i32 %n, 0
  %n16 = trunc i32 %n to i16
  %fl = call i1 @flag(i1 %cond, i16 %n16)
  %fz = zext i1 %fl to i32
  %pr = call %pair @make(i32 %n)
  %pa = extractvalue %pair %pr, 0
  %tmp = alloca %big, align 8
  %slot = getelementptr inbounds %big, ptr %tmp, i32 0, i32 0, i32 4
  %n64 = sext i32 %n to i64
  store i64 %n64, ptr %slot, align 8
  %cp = getelementptr inbounds %big, ptr %tmp, i32 0, i32 1
  store i8 3, ptr %cp, align 8
  %tot = call i64 @total(ptr byval(%big) align 8 %tmp)
  %tt = trunc i64 %tot to i32
  %fn = select i1 %cond, ptr @inc, ptr @dec
  %ind = call i32 %fn(i32 %tid)
  %a1 = add i32 %bi, %xi
  %a2 = add i32 %a1, %fz
  %a3 = add i32 %a2, %pa
  %a4 = add i32 %a3, %tt
  %a5 = add i32 %a4, %ind
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %n
  store i32 %a5, ptr addrspace(1) %op, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @params, !"kernel", i32 1}
