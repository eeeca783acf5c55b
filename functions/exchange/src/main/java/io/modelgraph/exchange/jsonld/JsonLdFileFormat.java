package io.modelgraph.exchange.jsonld;

import io.modelgraph.exchange.merge.DecodedFile;
import io.modelgraph.exchange.merge.FileFormat;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.ProfileFormat;

/** mergeJsonLd's reader. */
public final class JsonLdFileFormat implements FileFormat {
    @Override
    public ProfileFormat profileFormat() {
        return ProfileFormat.JSON_LD;
    }

    @Override
    public DecodedFile read(String text, String source, String name, String path, ImportProfile profile) {
        JsonLdRead read = new JsonLdReader(profile).read(text, source, path);
        return new DecodedFile(read.model(), read.unmapped(), read.losses());
    }
}
