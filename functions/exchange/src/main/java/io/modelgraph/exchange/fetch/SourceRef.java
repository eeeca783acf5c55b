package io.modelgraph.exchange.fetch;

import java.net.URI;

/**
 * One entry of SourceDtos, resolved to the URL it is read from. {@code repository} entries are read through
 * the configured raw-content base URL and may carry the configured token; {@code key} identifies the source
 * for the "different source" warning (the repository coordinates, or the URL as given). {@code owner} and
 * {@code repositoryName} are empty for a FileUrl source; the token allow-list is checked against them.
 */
public record SourceRef(String path, URI url, boolean repository, String key, String owner, String repositoryName) {
    /** A FileUrl source: no repository coordinates. */
    public SourceRef(String path, URI url, String key) {
        this(path, url, false, key, "", "");
    }
}
