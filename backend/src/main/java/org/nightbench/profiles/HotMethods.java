package org.nightbench.profiles;

import java.util.List;

/**
 * A profile with its hottest methods, as the run page lists them.
 *
 * @param profile which profile, and the id its flame graph is served by
 * @param methods the methods with the most self samples, most first
 */
public record HotMethods(ProfileSummary profile, List<MethodShare> methods) {}
