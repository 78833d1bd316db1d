; sm_90 features through NVVM intrinsics: cluster special registers, cluster barriers,
; distributed shared memory (mapa, getctarank), warp reductions, asynchronous copies,
; matrix loads and bf16 arithmetic.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@buffer = internal addrspace(3) global [256 x i32] undef, align 16

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
declare void @llvm.nvvm.barrier.cluster.arrive()
declare void @llvm.nvvm.barrier.cluster.wait()
declare ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3), i32)
declare i32 @llvm.nvvm.getctarank.shared.cluster(ptr addrspace(3))
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.redux.sync.umax(i32, i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16(ptr addrspace(3))
declare bfloat @llvm.nvvm.fma.rn.bf16(bfloat, bfloat, bfloat)
declare bfloat @llvm.nvvm.fmax.bf16(bfloat, bfloat)
declare i1 @llvm.nvvm.isspacep.shared.cluster(ptr)

define void @cluster(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %h) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cid = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
  %rank = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  %count = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
  %slot = getelementptr inbounds [256 x i32], ptr addrspace(3) @buffer, i32 0, i32 %tid
  store i32 %rank, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier.cluster.arrive()
  call void @llvm.nvvm.barrier.cluster.wait()
  %next = add i32 %rank, 1
  %peer = urem i32 %next, %count
  %remote = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %slot, i32 %peer)
  %value = load i32, ptr addrspace(3) %remote, align 4
  %owner = call i32 @llvm.nvvm.getctarank.shared.cluster(ptr addrspace(3) %slot)
  %sum = call i32 @llvm.nvvm.redux.sync.add(i32 %value, i32 -1)
  %top = call i32 @llvm.nvvm.redux.sync.umax(i32 %owner, i32 -1)
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %tid
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %slot, ptr addrspace(1) %src)
  %wide = getelementptr inbounds i32, ptr addrspace(3) @buffer, i32 128
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %wide, ptr addrspace(1) %in)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  %frag = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16(ptr addrspace(3) @buffer)
  %generic = addrspacecast ptr addrspace(3) %slot to ptr
  %isc = call i1 @llvm.nvvm.isspacep.shared.cluster(ptr %generic)
  %isci = zext i1 %isc to i32
  %a = add i32 %sum, %top
  %b = add i32 %a, %frag
  %c = add i32 %b, %cid
  %d = add i32 %c, %isci
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %d, ptr addrspace(1) %dst, align 4
  %hp = getelementptr inbounds bfloat, ptr addrspace(1) %h, i32 %tid
  %hv = load bfloat, ptr addrspace(1) %hp, align 2
  %f = call bfloat @llvm.nvvm.fma.rn.bf16(bfloat %hv, bfloat %hv, bfloat 0xR3F80)
  %m = call bfloat @llvm.nvvm.fmax.bf16(bfloat %f, bfloat %hv)
  store bfloat %m, ptr addrspace(1) %hp, align 2
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @cluster, !"kernel", i32 1}
