package io.modelgraph.compat;

/** How much a finding matters: an ERROR breaks the mode's consumers; the others are for people to read. */
public enum Severity {
    ERROR, WARNING, INFO
}
