// Core-wide types: decoded micro-op, CSR addresses, trap causes, commit-trace record.
// Shared by the front end, the out-of-order back end and its decode/ALU/divider/CSR blocks
// (docs/dev/core.md).
package core_pkg;

  // The simulator's descriptions: where a block's next state has a per-port form that costs
  // the simulator less than synthesis' per-entry form and gives the same state (be_prf's
  // PortWrites, be_rs's WakeVector; docs/dev/speed.md), the block takes it by default when
  // simulated (SimForm is 1 under Verilator, 0 for synthesis). A unit bench runs both forms
  // side by side (tb/units/be_unit).
`ifdef VERILATOR
  localparam bit SimForm = 1'b1;
`else
  localparam bit SimForm = 1'b0;
`endif

  // Execution class: selects the reservation station and the functional unit.
  typedef enum logic [3:0] {
    ClsAlu,
    ClsBranch,
    ClsJal,
    ClsJalr,
    ClsLoad,
    ClsStore,
    ClsMul,
    ClsDiv,
    ClsCsr,
    ClsEcall,
    ClsEbreak,
    ClsMret,
    ClsNop,      // fence, wfi: no effect with one hart and one access outstanding
    ClsFenceI,   // write back the L1D and invalidate the L1I (bus_flush_o)
    ClsIllegal,
    ClsFpu       // RV32F op on an FP unit (fpu_pipe, or fpu_divsqrt for fdiv/fsqrt)
  } op_class_e;

  typedef enum logic [3:0] {
    AluAdd, AluSub, AluSll, AluSlt, AluSltu, AluXor, AluSrl, AluSra, AluOr, AluAnd, AluPassB
  } alu_op_e;

  typedef enum logic [1:0] {
    CsrOpWrite = 2'd1,
    CsrOpSet   = 2'd2,
    CsrOpClear = 2'd3
  } csr_op_e;

  typedef struct packed {
    op_class_e   cls;
    alu_op_e     alu_op;
    logic        src_a_pc;   // AUIPC: operand A is the pc
    logic        src_b_imm;  // operand B is the immediate
    logic [31:0] imm;
    logic [4:0]  rd;
    logic [4:0]  rs1;
    logic [4:0]  rs2;
    logic        rd_we;      // architectural write (rd != x0 folded in by the core)
    logic [2:0]  funct3;     // branch condition, memory size/sign, mul/div variant
    csr_op_e     csr_op;
    logic        csr_imm;    // csrr*i: rs1 field is the immediate
    logic [11:0] csr_addr;
    // RV32F (flw/fsw are ClsLoad/ClsStore with these register-file bits; ClsFpu ops name
    // their unit op). Renaming maps {rd_fp, rd} etc. onto one 64-name map table.
    logic             fp;        // an F instruction: illegal while mstatus.FS = Off
    fpu_pkg::fpu_op_e fpu_op;    // ClsFpu: the op (fpu_pkg, the one encoding)
    fpu_pkg::fpu_rm_e rm;        // rounding mode; RmDyn until dispatch resolves it from frm
    logic             rm_used;   // the op rounds: with RmDyn, frm 5..7 makes it illegal
    logic             rd_fp;     // rd names an f register
    logic             rs1_fp;
    logic             rs2_fp;
    logic             uses_rs3;  // fmadd family: rs3 (an f register)
    logic [4:0]       rs3;
  } uop_t;

  // Memory map (docs/dev/core.md "Memory map"; the ISS's iss::mmap::kRamBase): devices below
  // RamBase (uncached, stores go out at the ROB head), RAM from RamBase for ram_size_i bytes,
  // nothing above it (an access fault at the AGU).
  localparam logic [31:0] RamBase = 32'h8000_0000;

  // Trap causes (privileged spec table 3.6).
  localparam logic [31:0] CauseMisalignedFetch = 32'd0;
  localparam logic [31:0] CauseFetchAccess     = 32'd1;
  localparam logic [31:0] CauseIllegalInsn     = 32'd2;
  localparam logic [31:0] CauseBreakpoint      = 32'd3;
  localparam logic [31:0] CauseMisalignedLoad  = 32'd4;
  localparam logic [31:0] CauseLoadAccess      = 32'd5;
  localparam logic [31:0] CauseMisalignedStore = 32'd6;
  localparam logic [31:0] CauseStoreAccess     = 32'd7;
  localparam logic [31:0] CauseEcallM          = 32'd11;
  localparam logic [31:0] CauseIrqMSoft        = 32'h8000_0003;
  localparam logic [31:0] CauseIrqMTimer       = 32'h8000_0007;
  localparam logic [31:0] CauseIrqMExt         = 32'h8000_000b;
  localparam logic [31:0] CauseIrqLcof         = 32'h8000_000d;

  // mip/mie bits implemented: MSI, MTI, MEI, LCOFI (Sscofpmf).
  localparam logic [31:0] MipMask = 32'h0000_2888;

  typedef enum logic [11:0] {
    CsrFflags        = 12'h001,
    CsrFrm           = 12'h002,
    CsrFcsr          = 12'h003,
    CsrMstatus       = 12'h300,
    CsrMisa          = 12'h301,
    CsrMie           = 12'h304,
    CsrMtvec         = 12'h305,
    CsrMcounteren    = 12'h306,
    CsrMstatush      = 12'h310,
    CsrMcountinhibit = 12'h320,
    CsrMscratch      = 12'h340,
    CsrMepc          = 12'h341,
    CsrMcause        = 12'h342,
    CsrMtval         = 12'h343,
    CsrMip           = 12'h344,
    CsrMcycle        = 12'hb00,
    CsrMinstret      = 12'hb02,
    CsrMcycleh       = 12'hb80,
    CsrMinstreth     = 12'hb82,
    CsrCycle         = 12'hc00,
    CsrTime          = 12'hc01,
    CsrInstret       = 12'hc02,
    CsrCycleh        = 12'hc80,
    CsrTimeh         = 12'hc81,
    CsrInstreth      = 12'hc82,
    CsrMvendorid     = 12'hf11,
    CsrMarchid       = 12'hf12,
    CsrMimpid        = 12'hf13,
    CsrMhartid       = 12'hf14,
    CsrMconfigptr    = 12'hf15
  } csr_addr_e;


  // One commit-trace slot (RVFI-like) for lockstep against the ISS.
  typedef struct packed {
    logic        valid;
    logic [31:0] pc;
    logic [31:0] insn;
    logic        trap;       // trap taken instead of retiring (interrupt: insn = 0)
    logic [31:0] cause;
    logic        rd_we;
    logic        rd_fp;      // rd is an f register (RV32F)
    logic [4:0]  rd;
    logic [31:0] rd_wdata;
    logic [4:0]  fflags;     // fcsr.fflags after this record (accrued at commit)
    logic        mem_we;
    logic [31:0] mem_addr;
    logic [31:0] mem_wdata;  // store data, masked to mem_size
    logic [2:0]  mem_size;   // bytes
    logic [31:0] irq_mip;    // MEIP/MTIP/MSIP as sampled when this record was decided
  } commit_t;

  // Stall reasons, kept as named signals for the future probe bus.
  typedef struct packed {
    logic fetch_wait;   // waiting for an instruction fetch response
    logic mem_wait;     // waiting for a load/store response
    logic muldiv_busy;  // multiplier latency or iterative divider running
  } core_status_t;

  // ---------------------------------------------------------------------------------------
  // Front end -> back end (docs/dev/core_contract.md section 3).

  // Kind of a control-transfer instruction, as the predictor sees it. Calls and returns
  // follow the RISC-V hint convention (link registers x1/x5), see br_kind_of().
  typedef enum logic [2:0] {
    BrNone = 3'd0,
    BrCond = 3'd1,
    BrJal  = 3'd2,
    BrJalr = 3'd3,
    BrCall = 3'd4,  // jal/jalr writing x1 or x5
    BrRet  = 3'd5   // jalr x0, 0(x1|x5)
  } br_kind_e;

  // Upper bounds of the predictor parameters, so the meta struct has a fixed width. The
  // front end uses the low GshareHistBits bits of ghist and clog2(RasDepth) bits of ras_ptr.
  localparam int unsigned MaxGhistBits = 16;
  localparam int unsigned MaxRasPtrW   = 5;  // RasDepth <= 32

  // What the front end needs to undo its speculative state when this instruction
  // redirects, and to train the predictor when it commits.
  typedef struct packed {
    logic [MaxGhistBits-1:0] ghist;    // global history before this instruction
    logic [MaxRasPtrW-1:0]   ras_ptr;  // RAS top-of-stack pointer after its own push/pop
    logic [31:0]             ras_top;  // RAS top entry after its own push/pop
    logic                    btb_hit;  // the BTB had an entry for this pc
  } bp_meta_t;

  typedef struct packed {
    logic [31:0] pc;
    logic [31:0] insn;
    uop_t        uop;        // core_decode output
    logic        fetch_err;  // instruction access fault (insn is 0)
    logic [31:0] pred_npc;   // the pc the front end fetched after this instruction
    logic        pred_taken;
    bp_meta_t    bp_meta;
    logic [31:0] seq;        // dynamic instruction number on the predicted path
  } fe_uop_t;

  // Link-register convention of the RISC-V ISA manual (table "return-address stack hints").
  function automatic logic is_link_reg(logic [4:0] r);
    return r == 5'd1 || r == 5'd5;
  endfunction

  // Kind of a decoded instruction (uop_t cls, rd, rs1); BrNone unless a branch or jump.
  function automatic br_kind_e br_kind_of(op_class_e cls, logic [4:0] rd, logic [4:0] rs1);
    br_kind_e k;
    unique case (cls)
      ClsBranch: k = BrCond;
      ClsJal:    k = is_link_reg(rd) ? BrCall : BrJal;
      ClsJalr: begin
        if (is_link_reg(rd)) k = BrCall;
        else if (rd == 5'd0 && is_link_reg(rs1)) k = BrRet;
        else k = BrJalr;
      end
      default:   k = BrNone;
    endcase
    return k;
  endfunction

  // ---------------------------------------------------------------------------------------
  // Port bundles that repeat through core_backend, core_top and soc_top (one field per signal
  // of docs/dev/core_contract.md; request = towards the callee, response = back).

  // I-port (contract section 1): one aligned 16-byte block per request, answered in order.
  typedef struct packed {
    logic        req;
    logic [31:0] addr;
  } ic_req_t;
  typedef struct packed {
    logic         gnt;
    logic         rvalid;
    logic         err;
    logic [127:0] rdata;
    logic         miss;   // the L1I waits for a line (the front end's I-cache stall reason)
  } ic_rsp_t;

  // D-port (contract section 2). Tag = load-queue index; all ones = a store.
  localparam int unsigned DcTagW = 5;
  typedef struct packed {
    logic              req;
    logic              we;
    logic [31:0]       addr;
    logic [2:0]        size;   // bytes: 1, 2, 4
    logic [31:0]       wdata;  // in its byte lanes
    logic [DcTagW-1:0] tag;
  } dc_req_t;
  typedef struct packed {
    logic                 gnt;
    logic                 rvalid;
    logic [DcTagW-1:0]    rtag;
    logic                 err;
    logic [31:0]          rdata;        // the whole aligned word
    logic [1:0]           rlevel;       // 0 L1D hit, 1 L2 hit, 2 memory
    logic [2**DcTagW-1:0] l1miss_tags;  // bit t: load tag t in flight and missed L1D
    logic [2**DcTagW-1:0] l2miss_tags;  // bit t: load tag t in flight and missed L2
  } dc_rsp_t;

  // Interrupt lines (mip bits MEIP, MTIP, MSIP, LCOFIP).
  typedef struct packed {
    logic meip;
    logic mtip;
    logic msip;
    logic lcofi;
  } irq_t;

  // Counter-CSR access to pmu_top (contract section 4); the read data comes back alone.
  typedef struct packed {
    logic        we;
    logic [11:0] addr;
    logic [31:0] wdata;
  } pmu_csr_req_t;

  // Back end -> front end (contract section 3): redirect and predictor training.
  typedef struct packed {
    logic        valid;
    logic [31:0] pc;
    logic [31:0] seq;     // sequence number of the first instruction on the new path
    bp_meta_t    meta;    // predictor state to restore
    logic        branch;  // from a branch resolving in execute (not a commit-time flush)
    logic        taken;
  } fe_redirect_t;
  typedef struct packed {
    logic        valid;
    logic [31:0] pc;
    logic [31:0] target;
    logic        taken;
    br_kind_e    kind;
    bp_meta_t    meta;
  } bp_update_t;

  // ---------------------------------------------------------------------------------------
  // Back end (docs/dev/core.md "Back end").

  // The SoC's configuration, in the manner of CVA6's cva6_cfg_t: the build-time parameters
  // (the core's, its caches' and its PMU's) and the widths and port indices derived from them,
  // built once (core_cfg) and passed down from the tops as one parameter. The named builds'
  // values: core_cfg_pkg (generated; docs/dev/core.md "Named builds").
  typedef struct packed {
    int unsigned FetchWidth;
    int unsigned DispatchWidth;  // <= FetchWidth
    int unsigned IssueWidth;     // uops started per cycle over all units
    int unsigned NumAlu;         // 1..4 ALU ports sharing the ALU RS
    int unsigned CommitWidth;
    int unsigned RobEntries;     // power of 2
    int unsigned RsEntries;      // per class
    int unsigned LqEntries;      // power of 2, < 2**DcTagW (the store tag is all ones)
    int unsigned SqEntries;      // power of 2
    int unsigned SbEntries;      // committed stores not yet written, at most
    int unsigned PhysRegs;       // per register file (x and f): power of 2, > 32
    int unsigned MulLatency;
    int unsigned FpUnits;        // pipelined FMA units (fpu_pipe), 1..4
    int unsigned RfRam;          // register files: 0 flip-flops, 1 RAM banks + live-value table
    int unsigned IssueStage;     // 1: a register stage between select and operand read / execute
    int unsigned LsqStage;       // 1: registers after the AGU and after the load pick
    int unsigned GshareEntries;  // front end: gshare's counters
    int unsigned BtbEntries;     // front end: BTB entries
    int unsigned L1ISets;        // soc_mem's cache geometry (docs/dev/memory.md)
    int unsigned L1DSets;
    int unsigned L2Sets;
    int unsigned L2Ways;
    int unsigned PmuSpecBlocks;  // pmu_top (docs/dev/pmu.md): speculative CPI blocks
    int unsigned PmuCntStore;    // stack-counter storage: 1 RAM + pending registers, 0 flip-flops
    int unsigned PmuSpecDrain;   // speculative blocks join their globals through the drain queue
    int unsigned PmuProbeStage;  // a register stage between the probe and the counting units
    // Derived (core_cfg): index widths.
    int unsigned RobW;
    int unsigned NumTags;        // 2 x PhysRegs: x registers, then f registers
    int unsigned PW;             // physical register tag (MSB set: an f register)
    int unsigned LqW;
    int unsigned SqW;
    int unsigned RsCntW;         // an RS's free count (0..RsEntries) plus a group's need
    // Derived: issue ports -- NumAlu ALUs (all fed by the ALU RS), then branch, mul/div, AGU,
    // FpUnits FMA pipes and fdiv/fsqrt (the last FpUnits + 1 fed by the FP RS).
    int unsigned PBr;
    int unsigned PMd;
    int unsigned PAgu;
    int unsigned PFma;           // first FMA pipe
    int unsigned PFdiv;
    int unsigned NumPorts;
    // Derived: write-back ports -- one per ALU, branch link, mul, div, load answer, store
    // forward, one per FMA pipe, fdiv/fsqrt.
    int unsigned WbBr;
    int unsigned WbMul;
    int unsigned WbDiv;
    int unsigned WbLd;
    int unsigned WbFwd;
    int unsigned WbFma;          // first FMA pipe
    int unsigned WbFdiv;
    int unsigned NumWb;
  } core_cfg_t;

  // The derived fields of c from its scalar ones.
  function automatic core_cfg_t core_cfg(core_cfg_t c);
    core_cfg_t d = c;
    d.RobW     = $clog2(c.RobEntries);
    d.NumTags  = 2 * c.PhysRegs;
    d.PW       = $clog2(c.PhysRegs) + 1;
    d.LqW      = c.LqEntries > 1 ? $clog2(c.LqEntries) : 1;
    d.SqW      = c.SqEntries > 1 ? $clog2(c.SqEntries) : 1;
    d.RsCntW   = $clog2(c.RsEntries + c.DispatchWidth + 1);
    d.PBr      = c.NumAlu;
    d.PMd      = c.NumAlu + 1;
    d.PAgu     = c.NumAlu + 2;
    d.PFma     = c.NumAlu + 3;
    d.PFdiv    = c.NumAlu + 3 + c.FpUnits;
    d.NumPorts = c.NumAlu + 4 + c.FpUnits;
    d.WbBr     = c.NumAlu;
    d.WbMul    = c.NumAlu + 1;
    d.WbDiv    = c.NumAlu + 2;
    d.WbLd     = c.NumAlu + 3;
    d.WbFwd    = c.NumAlu + 4;
    d.WbFma    = c.NumAlu + 5;
    d.WbFdiv   = c.NumAlu + 5 + c.FpUnits;
    d.NumWb    = c.NumAlu + 6 + c.FpUnits;
    return d;
  endfunction

  // Cycles from issue to result of an FP pipe op (fpu_pipe Latency; docs/dev/fpu.md). fdiv/fsqrt
  // take 16 (fpu_divsqrt, one at a time).
  localparam int unsigned FpuLatency = 4;

  // Uops the back end takes from the fetch buffer per cycle: a count 0..4.
  localparam int unsigned TakeW = 3;

  // Reservation station (execution class) a uop waits in; also indexes the issue ports' RS.
  typedef enum logic [2:0] {
    RsAlu    = 3'd0,  // ALU ops and CSR ops (a CSR op captures its source, acts at commit)
    RsBranch = 3'd1,  // branches and jumps
    RsMulDiv = 3'd2,  // multiplier and divider
    RsLsu    = 3'd3,  // loads and stores (AGU), flw/fsw included
    RsFp     = 3'd4   // RV32F ops (FMA pipes, fdiv/fsqrt); three sources
  } rs_class_e;
  localparam int unsigned NumRsClasses = 5;

  // Where a commit-time redirect goes.
  typedef enum logic [1:0] {
    RedirTrap = 2'd0,  // the trap vector (core_csr trap_target_o)
    RedirMepc = 2'd1,  // mret: mepc
    RedirPc   = 2'd2   // an explicit pc (replay of a load, re-fetch after a serialising uop)
  } redirect_kind_e;

  // Pipeline-trace (stackscope run --pipeview) event kinds passed to the DPI functions; the
  // C++ side (tb/harness/pipeview.cpp) has the same numbering.
  typedef enum int unsigned {
    PipeFeFetch  = 0,  // a fetch group leaves the pc stage
    PipeFeAnswer = 1,  // one instruction slot of the I-cache answer
    PipeFeTake   = 2,  // the back end took uops from the fetch buffer
    PipeFeFlush  = 3   // redirect
  } pipe_fe_event_e;
  typedef enum int unsigned {
    PipeBeDispatch = 0,
    PipeBeIssue    = 1,
    PipeBeDone     = 2,  // as the ROB entry's done bit is set
    PipeBeCommit   = 3,
    PipeBeFlush    = 4
  } pipe_be_event_e;

  // Memory access helpers of the back end (AGU, load/store queues).
  // Byte lanes of an access of size bytes (1, 2, 4) at byte offset off of a word.
  function automatic logic [3:0] byte_en(logic [1:0] off, logic [2:0] size);
    logic [3:0] m;
    m = size == 3'd4 ? 4'b1111 : size == 3'd2 ? 4'b0011 : 4'b0001;
    return m << off;
  endfunction

  // Access size in bytes of a load/store funct3[1:0].
  function automatic logic [2:0] size_of(logic [1:0] f3);
    return f3[1] ? 3'd4 : f3[0] ? 3'd2 : 3'd1;
  endfunction

  // A load's register value from the aligned word holding it (funct3: size and sign).
  function automatic logic [31:0] load_fmt(logic [31:0] word, logic [1:0] off, logic [2:0] f3);
    logic [31:0] s;
    s = word >> {off, 3'b000};
    unique case (f3)
      3'd0:    return {{24{s[7]}}, s[7:0]};
      3'd1:    return {{16{s[15]}}, s[15:0]};
      3'd4:    return {24'b0, s[7:0]};
      3'd5:    return {16'b0, s[15:0]};
      default: return s;
    endcase
  endfunction

endpackage : core_pkg
