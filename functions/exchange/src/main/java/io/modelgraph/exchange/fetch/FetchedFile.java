package io.modelgraph.exchange.fetch;

/** A fetched file: the URL it was finally read from (after redirects) and its text. */
public record FetchedFile(String finalUrl, String text) {
}
