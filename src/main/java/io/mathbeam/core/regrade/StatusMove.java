package io.mathbeam.core.regrade;

import java.io.Serializable;

/** How many samples a regrade moved from one status to another. */
public record StatusMove(String oldStatus, String newStatus, long samples)
    implements Serializable {}
