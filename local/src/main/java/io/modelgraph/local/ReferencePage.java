package io.modelgraph.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local gateway's own pages, outside the API: the repository's {@code openapi.yaml} at {@link #OPENAPI_PATH}
 * and a rendered reference of it at {@link #DOCS_PATH} (Swagger UI, whose assets the build takes out of its
 * WebJar into this jar). API Gateway has no such routes; they exist only on the local gateway.
 */
final class ReferencePage {
    static final String OPENAPI_PATH = "/openapi.yaml";
    static final String DOCS_PATH = "/docs";

    private static final String FOLDER = "/io/modelgraph/local/reference/";

    /** Served path, the resource behind it and its media type. */
    private record Asset(String resource, String contentType) {
    }

    private static final Map<String, Asset> ASSETS = Map.of(
            OPENAPI_PATH, new Asset("openapi.yaml", "application/yaml; charset=utf-8"),
            DOCS_PATH, new Asset("index.html", "text/html; charset=utf-8"),
            DOCS_PATH + "/", new Asset("index.html", "text/html; charset=utf-8"),
            DOCS_PATH + "/reference.js", new Asset("reference.js", "text/javascript; charset=utf-8"),
            DOCS_PATH + "/swagger-ui-bundle.js", new Asset("swagger-ui-bundle.js", "text/javascript; charset=utf-8"),
            DOCS_PATH + "/swagger-ui.css", new Asset("swagger-ui.css", "text/css; charset=utf-8"));

    /** Read on first request: the 1.7 MB of Swagger UI stays out of the start-up path. */
    private final Map<String, byte[]> loaded = new ConcurrentHashMap<>();

    /** The page or document for {@code GET rawPath}, or empty when the path is not one of them. */
    Optional<LocalGateway.Answer> answer(String method, String rawPath) {
        Asset asset = ASSETS.get(rawPath);
        if (asset == null || !(method.equals("GET") || method.equals("HEAD"))) {
            return Optional.empty();
        }
        byte[] body = loaded.computeIfAbsent(asset.resource(), ReferencePage::read);
        return Optional.of(new LocalGateway.Answer(200, Map.of("Content-Type", List.of(asset.contentType()),
                "Cache-Control", List.of("no-cache")), body));
    }

    private static byte[] read(String resource) {
        try (InputStream in = ReferencePage.class.getResourceAsStream(FOLDER + resource)) {
            if (in == null) {
                // a build that did not package it: say which, rather than serve an empty page
                throw new IllegalStateException("not packaged in this jar: " + FOLDER + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
