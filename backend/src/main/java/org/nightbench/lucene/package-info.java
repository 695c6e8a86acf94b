/**
 * Which Lucene a benchmark runs against: parsing {@link org.nightbench.lucene.LuceneSpec}s and
 * turning them into jars on disk with {@link org.nightbench.lucene.LuceneResolver}: released
 * versions through Maven Resolver, git revisions built by {@link
 * org.nightbench.lucene.GitLuceneBuilder} from one JGit clone, and directories of jars as they are.
 */
package org.nightbench.lucene;
