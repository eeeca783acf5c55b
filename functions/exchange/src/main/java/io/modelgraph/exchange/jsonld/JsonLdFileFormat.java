package io.modelgraph.exchange.jsonld;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonld.JsonLdRead;
import io.modelgraph.codec.jsonld.JsonLdReader;
import io.modelgraph.exchange.merge.DecodedFile;
import io.modelgraph.exchange.merge.FileFormat;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.ProfileFormat;

/** mergeJsonLd's reader: the jsonld codec's reader in the profile's vocabulary. */
public final class JsonLdFileFormat implements FileFormat {
    @Override
    public ProfileFormat profileFormat() {
        return ProfileFormat.JSON_LD;
    }

    @Override
    public DecodedFile read(String text, String source, String name, String path, ImportProfile profile) {
        try {
            JsonLdRead read = new JsonLdReader(ProfileVocabulary.of(profile)).read(text, source);
            return new DecodedFile(read.model(), read.unmapped(), read.losses());
        } catch (SchemaSyntaxException e) {
            throw ApiProblem.badRequest(path, e.getMessage() + where(e));
        }
    }

    private static String where(SchemaSyntaxException e) {
        return e.path().equals("$") ? "" : " (at " + e.path() + ")";
    }
}
