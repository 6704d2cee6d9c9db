package io.mathbeam.core.regrade;

import io.mathbeam.core.model.Generation;
import java.io.Serializable;

/** A generation of an earlier run with the grade that run gave it: what a regrade reads. */
public record StoredSample(Generation generation, StoredGrade grade) implements Serializable {}
