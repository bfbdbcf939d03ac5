"""About 1 MB each of hostile exposition text: the inputs whose parse time the property test
(``tests/test_exposition_props.py``, a loose CPU bound) and the fuzz bench
(``bench/fuzz_parsers.py --megabyte``, the strict one: 1 MB in < 1 s) measure."""

from __future__ import annotations

MB = 1 << 20


def one_megabyte_pages() -> dict[str, str]:
    """Name -> text; each around 1 MB (the line limit stops what is past 25,000 lines)."""
    lab = '{gpu="0",Hostname="h"}'
    return {
        "garbage lines": "{{{{\n" * (MB // 5),
        "value-bearing bad lines": "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
        + 'DCGM_FI_DEV_GPU_TEMP{gpu="0",} 1 2 3 x\n' * (MB // 40),
        "repeated headers": "# HELP DCGM_FI_DEV_GPU_TEMP x\n" * (MB // 30)
        + "DCGM_FI_DEV_GPU_TEMP 1\n",
        "400-digit values": f"DCGM_FI_DEV_GPU_TEMP{lab} {'1' * 400}\n" * (MB // 430),
        "1e300 timestamps": f"DCGM_FI_DEV_GPU_TEMP{lab} 5 1e300\n" * (MB // 40),
        "NaN and Inf values": f"DCGM_FI_DEV_GPU_TEMP{lab} NaN\nDCGM_FI_DEV_POWER_USAGE{lab} +Inf\n"
        * (MB // 90),
        "over-long lines": ("x" * 70_000 + "\n") * 15,
        "long label values": f'DCGM_FI_DEV_GPU_TEMP{{gpu="0",Hostname="{"h" * 60_000}"}} 1\n' * 17,
        "unbalanced quotes": ('DCGM_FI_DEV_GPU_TEMP{gpu="0' + ' "' * 20_000 + "\n") * 26,
        "backslash runs": ('DCGM_FI_DEV_GPU_TEMP{gpu="' + "\\\\" * 30_000 + '"} 1\n') * 17,
        "blank runs in headers": ("#" + " " * 60_000 + "HELP x\n") * 17,
        "many tiny lines": "a 1\n" * (MB // 4),
        "distinct unknown DCGM names": "".join(
            f'DCGM_FI_X{i}{{gpu="0"}} 1\n' for i in range(MB // 25)
        ),
    }
