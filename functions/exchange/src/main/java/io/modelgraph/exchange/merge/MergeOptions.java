package io.modelgraph.exchange.merge;

import io.modelgraph.exchange.fetch.SourceRef;
import java.util.List;

/** The parameters of one merge call, read and checked before anything is fetched. */
public record MergeOptions(String spaceId, String configTypeId, List<SourceRef> sources,
        boolean overrideNewProperties, boolean overrideDifferentSource, boolean overrideOverwrite,
        boolean onlyAddAndUpdate) {
    public MergeOptions {
        sources = List.copyOf(sources);
    }

    /** What identifies the sources for the different-source warning: their keys, sorted. */
    public String sourceKey() {
        return String.join("\n", sources.stream().map(SourceRef::key).sorted().toList());
    }
}
