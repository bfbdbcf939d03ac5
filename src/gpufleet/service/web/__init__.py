"""The operator's web page served by ``gpufleet serve`` at ``/``: static HTML, CSS and vanilla
JavaScript shipped inside the package (no build step, nothing fetched from elsewhere: sites may
be air-gapped). The page reads the API under ``/api/v1`` and asks ``POST /api/v1/chat``; see
:mod:`service.web.page`.
"""
