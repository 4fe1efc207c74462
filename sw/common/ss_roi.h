/* Region of interest for the FP workloads (their FLOPS-stack bounds are judged on the kernel).
 * Built with -DSS_ROI (the pmu_roi_* programs, sw/workloads.json "pmu_tests"), a program
 * snapshots the CPI and FLOPS stacks around its kernel and prints them after its check
 * (sw/pmu/roi.h, "ROI FLOPS stack: ..."); without it the macros are empty and the workload
 * is unchanged. SS_ROI_BEGIN() declares the snapshots: use it once, at the kernel's start. */
#ifndef SS_ROI_H
#define SS_ROI_H

#ifdef SS_ROI
#define ROI_FLOPS
#include "../pmu/roi.h"
#define SS_ROI_BEGIN() \
    roi_snap_t roi_b_, roi_e_; \
    roi_begin(&roi_b_)
#define SS_ROI_END() roi_snap(&roi_e_)
#define SS_ROI_PRINT() roi_print(&roi_b_, &roi_e_)
#else
#define SS_ROI_BEGIN() ((void)0)
#define SS_ROI_END() ((void)0)
#define SS_ROI_PRINT() ((void)0)
#endif

#endif
