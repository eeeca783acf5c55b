package io.modelgraph.exchange.jsonld;

import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdErrorCode;
import com.apicatalog.jsonld.document.Document;
import com.apicatalog.jsonld.loader.DocumentLoader;
import com.apicatalog.jsonld.loader.DocumentLoaderOptions;
import java.net.URI;

/**
 * A document loader that loads nothing. Remote contexts would let a merged file make the function fetch any URL
 * (bypassing the safe fetcher), so a file must carry its context inline.
 */
public final class NoRemoteLoader implements DocumentLoader {
    public static final NoRemoteLoader INSTANCE = new NoRemoteLoader();

    @Override
    public Document loadDocument(URI url, DocumentLoaderOptions options) throws JsonLdError {
        throw new JsonLdError(JsonLdErrorCode.LOADING_REMOTE_CONTEXT_FAILED, "Remote context '" + url
                + "' is not loaded: remote context loading is disabled; put the context inline.");
    }
}
