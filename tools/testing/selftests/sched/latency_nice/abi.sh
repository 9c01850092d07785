#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The latency_nice ABI test (src/main.rs), built static into the guest image.
exec /usr/bin/latency_nice_abi
