"""Where the stores keep their tables: SQLite files (the default, one host) or one PostgreSQL
database shared by several replicas, picked by a state URL.

``url`` (parsing ``postgresql://…``), ``layout`` (which store lives where), ``database`` (what
a store needs: read, write, hold; the one picker), ``sqlite`` and ``postgres`` (the two
implementations), ``schema`` (a store's DDL per dialect), ``checkpoint_postgres`` (LangGraph's
PostgreSQL saver).
"""
