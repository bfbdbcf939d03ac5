"""Shadow mode: what gpufleet would have done, what the operators did, and how the two agree."""
