package io.modelgraph.exchange.fetch;

import java.net.URI;

/**
 * One entry of SourceDtos, resolved to the URL it is read from. {@code repository} entries are read through
 * the configured raw-content base URL and may carry the configured token; {@code key} identifies the source
 * for the "different source" warning (the repository coordinates, or the URL as given).
 */
public record SourceRef(String path, URI url, boolean repository, String key) {
}
