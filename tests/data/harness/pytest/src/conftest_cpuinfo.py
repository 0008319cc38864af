# Copied as conftest.py by make.sh more: keeps py-cpuinfo's whole reading in
# machine_info.cpu, as pytest-benchmark 3.4 and later write it (3.2.2, the
# Debian 12 version, keeps vendor_id, hardware and brand only), through
# pytest-benchmark's own hook.
import cpuinfo


def pytest_benchmark_update_machine_info(config, machine_info):
    machine_info["cpu"] = cpuinfo.get_cpu_info()
