package io.modelgraph.graph;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Every project has a main space, a Space node that exists from the project's first write. Its id is
 * derived from the project id, so any function can name it without a read.
 */
public final class MainSpace {
    public static final String LABEL = "Main";

    public static String idFor(String projectId) {
        return UUID.nameUUIDFromBytes(("modelgraph:main-space:" + projectId).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    private MainSpace() {
    }
}
