package io.modelgraph.exchange.profile;

/** The two file formats a profile is written for; a profile of one format is unknown to the other's routes. */
public enum ProfileFormat {
    JSON_LD("jsonld"), JSON_SCHEMA("jsonschema");

    private final String key;

    ProfileFormat(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
