package org.nightbench.jfr;

import java.util.List;

/**
 * A recorded benchmark with its hottest methods, as the run page lists them.
 *
 * @param profile which recording, and the id its flame graph is served by (named {@code profile} in
 *     the API's JSON, so kept)
 * @param methods the methods with the most self samples, most first
 */
public record HotMethods(JfrSummary profile, List<MethodShare> methods) {}
