// Nothing to call: the allocator's settings are applied by a constructor as the program
// starts (memory_tuning.c).
