package io.mathbeam.transforms;

/**
 * Where one complete line of a cache file lies: the file's resource id, and the byte offset and
 * byte length of the line without its terminator. The cache join groups these instead of the lines,
 * whose response texts are several KB each.
 */
record CacheLinePointer(String file, long offset, int length) {}
