package io.modelgraph.codec.jsonld;

import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdErrorCode;
import com.apicatalog.jsonld.document.Document;
import com.apicatalog.jsonld.document.JsonDocument;
import com.apicatalog.jsonld.loader.DocumentLoader;
import com.apicatalog.jsonld.loader.DocumentLoaderOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The only way a remote {@code @context} is resolved: from contexts bundled in this jar, never over the network
 * (a fetch would let a request make the function call any URL). One instance per read, so it can tell which
 * URL was missing; the parsed bundled documents are shared.
 */
public final class OfflineContexts implements DocumentLoader {
    /** Bundled context URL → resource file; the files are this project's own statements of those contexts. */
    private static final Map<String, String> BUNDLED = Map.of(
            "https://w3id.org/security/v2", "contexts/security-v2.jsonld");
    public static final List<String> URLS = BUNDLED.keySet().stream().sorted().toList();
    private static final Map<String, Document> PARSED = new ConcurrentHashMap<>();

    private volatile String missing;

    /** The remote context URL this loader was asked for and does not hold, if any. */
    public Optional<String> missing() {
        return Optional.ofNullable(missing);
    }

    @Override
    public Document loadDocument(URI url, DocumentLoaderOptions options) throws JsonLdError {
        String resource = BUNDLED.get(url.toString());
        if (resource == null) {
            missing = url.toString();
            throw new JsonLdError(JsonLdErrorCode.LOADING_REMOTE_CONTEXT_FAILED, "Remote context '" + url
                    + "' is not in the offline context cache; put the context inline.");
        }
        return PARSED.computeIfAbsent(resource, r -> {
            try (InputStream in = OfflineContexts.class.getResourceAsStream(r)) {
                if (in == null) {
                    throw new IllegalStateException("bundled context missing from the jar: " + r);
                }
                JsonDocument d = JsonDocument.of(in);
                d.setDocumentUrl(url);
                return d;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (JsonLdError e) {
                throw new IllegalStateException("bundled context is not JSON: " + r, e);
            }
        });
    }
}
