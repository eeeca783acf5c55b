package io.modelgraph.jobs;

/**
 * What a write is, for its measured rate ({@link WriteRate}): the kinds differ several times in how many change
 * units they write per second, so one figure for all would either defer small bulk calls or let large imports
 * run out of time.
 */
public enum WriteKind {
    /**
     * A change set planned against stored state ({@code GraphStore.apply}: schema and ODM imports, mapImport,
     * merges, the capture import): reads of pre-images, overwrites and removals in conditional transactions,
     * journal pre-images. Its rate is timed from the planned change set to the write's end.
     */
    CHANGE_SET,
    /**
     * bulkCreate: all-new items, mostly plain batches. Its rate is timed from the parsed call to the answer, so it
     * covers the existence reads of validation too (the budget is checked before them).
     */
    BULK_CREATE
}
