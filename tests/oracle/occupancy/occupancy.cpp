// NVIDIA's occupancy calculator (cuda_occupancy.h, from the nvidia-cuda-runtime wheel) run on
// the cases server/tests/occupancy_oracle.rs writes: one per line, the device's limits and one
// block's use, answered by one line of the calculator's figures. Built and run by that test.
//
// In:  major minor threads_per_block threads_per_sm regs_per_block regs_per_sm
//      shared_per_block shared_per_sm shared_optin shared_reserved
//      registers static_shared dynamic_shared barriers block_size carveout(-1: default)
// Out: status blocks factors by_registers by_shared by_warps by_blocks by_barriers
//      registers_per_block shared_per_block
#include <cuda_occupancy.h>
#include <cstdio>

int main() {
    int major, minor, threadsPerBlock, threadsPerSm, regsPerBlock, regsPerSm;
    long long sharedPerBlock, sharedPerSm, sharedOptin, sharedReserved;
    int registers, barriers, blockSize, carveout;
    long long staticShared, dynamicShared;
    while (scanf("%d %d %d %d %d %d %lld %lld %lld %lld %d %lld %lld %d %d %d", &major, &minor,
                 &threadsPerBlock, &threadsPerSm, &regsPerBlock, &regsPerSm, &sharedPerBlock,
                 &sharedPerSm, &sharedOptin, &sharedReserved, &registers, &staticShared,
                 &dynamicShared, &barriers, &blockSize, &carveout) == 16) {
        cudaOccDeviceProp device;
        device.computeMajor = major;
        device.computeMinor = minor;
        device.maxThreadsPerBlock = threadsPerBlock;
        device.maxThreadsPerMultiprocessor = threadsPerSm;
        device.regsPerBlock = regsPerBlock;
        device.regsPerMultiprocessor = regsPerSm;
        device.warpSize = 32;
        device.sharedMemPerBlock = (size_t)sharedPerBlock;
        device.sharedMemPerMultiprocessor = (size_t)sharedPerSm;
        device.numSms = 1;
        device.sharedMemPerBlockOptin = (size_t)sharedOptin;
        device.reservedSharedMemPerBlock = (size_t)sharedReserved;

        // A kernel whose launch opts in to the dynamic shared memory it asks for.
        cudaOccFuncAttributes kernel;
        kernel.maxThreadsPerBlock = INT_MAX;
        kernel.numRegs = registers;
        kernel.sharedSizeBytes = (size_t)staticShared;
        kernel.partitionedGCConfig = PARTITIONED_GC_OFF;
        kernel.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
        kernel.maxDynamicSharedSizeBytes = (size_t)dynamicShared;
        kernel.numBlockBarriers = barriers;
        kernel.virtualResourceCount = 0;

        cudaOccDeviceState state;
        state.carveoutConfig = carveout;

        cudaOccResult result;
        cudaOccError status = cudaOccMaxActiveBlocksPerMultiprocessor(
            &result, &device, &kernel, &state, blockSize, (size_t)dynamicShared);
        if (status != CUDA_OCC_SUCCESS) {
            printf("%d\n", (int)status);
            continue;
        }
        printf("0 %d %u %d %d %d %d %d %d %zu\n", result.activeBlocksPerMultiprocessor,
               result.limitingFactors, result.blockLimitRegs, result.blockLimitSharedMem,
               result.blockLimitWarps, result.blockLimitBlocks, result.blockLimitBarriers,
               result.allocatedRegistersPerBlock, result.allocatedSharedMemPerBlock);
    }
    return 0;
}
