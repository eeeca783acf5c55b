package io.modelgraph.exchange.merge;

import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.ProfileFormat;

/** How one merge operation reads its files: JSON-LD or JSON Schema, through a profile of that format. */
public interface FileFormat {
    ProfileFormat profileFormat();

    /** Reads one file; {@code name} is the file's name (a default model name), {@code path} names the source in errors. */
    DecodedFile read(String text, String source, String name, String path, ImportProfile profile);
}
