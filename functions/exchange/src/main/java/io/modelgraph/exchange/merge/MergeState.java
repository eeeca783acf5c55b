package io.modelgraph.exchange.merge;

/**
 * What a space remembers of its last merge: the sources it was linked to ({@code sourceKey}), the fingerprint of
 * the space right after that merge (so later local edits are detected exactly), the profile and format used.
 */
public record MergeState(String sourceKey, String fingerprint, String format, String configTypeId, String mergedAt) {
}
