"""The site search's engine, without Django: analysis of words in Dutch, German and English
(:mod:`.analysis`, :mod:`.stopwords`), synonyms from the glossaries (:mod:`.synonyms`), a BM25F
index with corrections and completions (:mod:`.index`) and highlighted snippets
(:mod:`.snippets`). ``sitewide.search`` feeds it the clauses and FAQ entries of the database."""
