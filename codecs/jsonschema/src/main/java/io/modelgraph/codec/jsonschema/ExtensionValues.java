package io.modelgraph.codec.jsonschema;

/**
 * Extension keywords ({@code x-*}) travel as annotations. A string value is kept as is, so other codecs and
 * the graph read it plainly; any other JSON value is kept as JSON text under the key with this suffix.
 */
final class ExtensionValues {
    static final String JSON_SUFFIX = "@json";

    private ExtensionValues() {
    }
}
