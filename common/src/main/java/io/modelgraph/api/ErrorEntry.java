package io.modelgraph.api;

/** An entry of the transform envelope's {@code errors}: where and what. */
public record ErrorEntry(String path, String message) {
    public ErrorEntry {
        path = path == null ? "" : path;
        message = message == null ? "" : message;
    }
}
