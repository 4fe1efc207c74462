-f rtl/top/soc.f
rtl/fpga/fpga_uart_tx.sv
rtl/fpga/fpga_console.sv
rtl/fpga/fpga_mem.sv
rtl/fpga/soc_fpga_top.sv
rtl/fpga/ecp5_pll.sv
rtl/fpga/ulx3s_top.sv
