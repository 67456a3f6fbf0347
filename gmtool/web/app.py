"""The web application of ``gmtool serve``: the table screen, the roll feed, the players'
private screens, and one stream of change events that tells every page to redraw.

Events carry only a version number, never a document: a page that hears of a change fetches
its own part again (the table's, or its seat's with its token), so no secret can travel to
a page that may not see it. Unknown paths and bad tokens get the same 404.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from jinja2 import ChoiceLoader, Environment, PackageLoader, PrefixLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from gmtool.web.campaign import LiveCampaign
from gmtool.web.guard import MAX_BODY_BYTES, HostCheck, MoveLimiter, SecurityHeaders, Streams

STATIC = {"gmtool.css": "text/css", "live.js": "text/javascript"}
KEEP_ALIVE_SECONDS = 15.0
SHARED_SECONDS = 1.0
"""How long a drawn part serves the screens that ask for the same version of it (a clock
on it is never older than this)."""
MESSAGES = {
    404: "Nothing here.",
    403: "Refused.",
    405: "Not allowed.",
    410: "This link was replaced: ask the GM for your new one.",
    413: "Too much sent at once.",
}


def build_app(
    campaign: LiveCampaign,
    links: dict[str, str],
    *,
    hosts: Iterable[str] | None = None,
    replaced: Iterable[str] = (),
) -> Any:
    """The ASGI app for ``campaign``; ``links`` maps each seat to its secret token.
    ``hosts``: the ``Host`` values a request may name (the addresses served; None: any);
    ``replaced``: tokens that ``--new-links`` replaced, whose pages say so."""
    env = Environment(
        loader=ChoiceLoader([PackageLoader("gmtool.web", "templates"), _games_templates()]),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    static = {
        name: resources.files("gmtool.web").joinpath(f"static/{name}").read_bytes()
        for name in STATIC
    }
    tokens = dict(links)  # seat -> token
    notices: dict[str, str] = {}
    limiter = MoveLimiter()
    streams = Streams()
    old_links = set(replaced) - set(tokens.values())

    def page(template: str, status: int = 200, **context: Any) -> HTMLResponse:
        context.setdefault("campaign", campaign)
        return HTMLResponse(env.get_template(template).render(**context), status_code=status)

    def seat_of(request: Request) -> str:
        """The seat whose token is in the path; 404 (like any unknown page) otherwise."""
        given = str(request.path_params.get("token", ""))
        found = None
        for seat, token in tokens.items():  # every token compared, in constant time each
            if hmac.compare_digest(given.encode(), token.encode()):
                found = seat
        if found is None:
            if any(hmac.compare_digest(given.encode(), old.encode()) for old in old_links):
                raise HTTPException(410)
            raise HTTPException(404)
        return found

    # -- the table ----------------------------------------------------------------------
    async def table(request: Request) -> Response:
        doc = await campaign.run(campaign.table)
        return page("table.html", doc=doc, part="/part", version=campaign.version)

    drawn: dict[str, tuple[int, float, asyncio.Future[str]]] = {}

    async def shared(key: str, draw: Callable[[], Awaitable[str]]) -> HTMLResponse:
        """A part drawn once for every screen that asks for it at about the same time (a
        change sends them all at once): the same version, within SHARED_SECONDS."""
        now = time.monotonic()
        hit = drawn.get(key)
        if hit is None or hit[0] != campaign.version or now - hit[1] > SHARED_SECONDS:
            hit = drawn[key] = (campaign.version, now, asyncio.ensure_future(draw()))
        return HTMLResponse(await asyncio.shield(hit[2]))

    async def table_part(request: Request) -> Response:
        async def draw() -> str:
            doc = await campaign.run(campaign.table)
            return env.get_template("table_part.html").render(campaign=campaign, doc=doc)

        return await shared("", draw)

    async def log(request: Request) -> Response:
        who = request.query_params.get("who", "")[:100]
        doc = await campaign.run(campaign.log, who)
        part = "/log/part" + (f"?{request.url.query}" if who else "")
        return page("log.html", doc=doc, who=who, part=part, version=campaign.version)

    async def log_part(request: Request) -> Response:
        who = request.query_params.get("who", "")[:100]
        return page("log_part.html", doc=await campaign.run(campaign.log, who), who=who)

    async def recap(request: Request) -> Response:
        asked = request.query_params.get("session", "")
        session = int(asked) if asked.isdigit() and len(asked) < 7 else None
        doc = await campaign.run(campaign.recap, session)
        return page("recap.html", doc=doc, part="", version=campaign.version)

    async def dice(request: Request) -> Response:
        doc = await campaign.run(campaign.dice)
        return page("dice.html", doc=doc, part="", version=campaign.version)

    # -- a player's screen ------------------------------------------------------------
    async def seat_page(request: Request) -> Response:
        seat = seat_of(request)
        doc = await campaign.run(campaign.seat, seat)
        token = tokens[seat]
        return page(
            "seat.html",
            seat=seat,
            doc=doc,
            token=token,
            notice=notices.pop(seat, ""),
            part=f"/p/{token}/part",
            version=campaign.version,
        )

    async def seat_part(request: Request) -> Response:
        seat = seat_of(request)

        async def draw() -> str:
            doc = await campaign.run(campaign.seat, seat)
            template = env.get_template("seat_part.html")
            return template.render(campaign=campaign, seat=seat, doc=doc, token=tokens[seat])

        return await shared(f"seat {seat}", draw)

    def posted(verb: str) -> Any:
        async def handle(request: Request) -> Response:
            seat = seat_of(request)
            if not _same_origin(request):
                raise HTTPException(403)
            if not limiter.allow(seat):
                notices[seat] = "refused: too many moves at once: wait a few seconds"
                response = await seat_page(request)
                response.status_code = 429
                return response
            form = await _form(request)
            notices[seat] = await campaign.run(campaign.act, verb, seat, form)
            campaign.changed()  # a question asked or taken back changes no table row
            return RedirectResponse(f"/p/{tokens[seat]}", status_code=303)

        return handle

    # -- live updates and files -------------------------------------------------------
    async def events(request: Request) -> Response:
        client = request.client.host if request.client else ""
        taken = streams.take(client)
        if taken is None:  # the page polls /version instead, and tries again later
            return page("error.html", 503, message="Too many screens are open.")
        mine = taken

        async def stream() -> AsyncIterator[str]:
            try:
                seen = campaign.version
                yield f"retry: 1000\nevent: change\ndata: {seen}\n\n"
                while not campaign.closing:
                    now = await campaign.wait_for_change(seen, KEEP_ALIVE_SECONDS, mine.ended)
                    if mine.ended.is_set():
                        # A newer screen of the same browser took this stream's place.
                        yield "event: closed\ndata: newer\n\n"
                        break
                    if campaign.closing:
                        break
                    if now == seen:
                        yield ": still here\n\n"  # keeps proxies and sleeping phones talking
                        continue
                    seen = now
                    yield f"event: change\ndata: {seen}\n\n"
            finally:
                streams.give_back(mine)

        return StreamingResponse(stream(), media_type="text/event-stream")

    async def version(request: Request) -> Response:
        """The campaign's version, for a page that polls instead of holding a stream."""
        return Response(str(campaign.version), media_type="text/plain")

    async def static_file(request: Request) -> Response:
        name = str(request.path_params["name"])
        if name not in static:  # only the package's own files, by name
            raise HTTPException(404)
        return Response(static[name], media_type=STATIC[name])

    async def not_found(request: Request, exc: Exception) -> Response:
        code = getattr(exc, "status_code", 500)
        message = MESSAGES.get(code, "Error.")
        return page("error.html", code, message=message)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(campaign.watch())
        try:
            yield
        finally:
            watcher.cancel()

    routes = [
        Route("/", table),
        Route("/part", table_part),
        Route("/log", log),
        Route("/log/part", log_part),
        Route("/recap", recap),
        Route("/dice", dice),
        Route("/events", events),
        Route("/version", version),
        Route("/static/{name}", static_file),
        Route("/p/{token}", seat_page),
        Route("/p/{token}/part", seat_part),
        Route("/p/{token}/move", posted("move"), methods=["POST"]),
        Route("/p/{token}/answer", posted("answer"), methods=["POST"]),
        Route("/p/{token}/withdraw", posted("withdraw"), methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: not_found},
        lifespan=lifespan,
        max_body_size=MAX_BODY_BYTES,
    )
    return SecurityHeaders(app if hosts is None else HostCheck(app, hosts))


def _same_origin(request: Request) -> bool:
    """A browser names the page a POST came from: it must be one of this server's, by
    scheme as well as address (an https page of the same name is another site)."""
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return origin is None
    where = urlsplit(origin)
    return (where.scheme, where.netloc) == (request.url.scheme, request.headers.get("host", ""))


async def _form(request: Request) -> dict[str, str]:
    body = await request.body()
    try:
        pairs = parse_qsl(body.decode(), keep_blank_values=True, max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400) from None
    return {key: value[:200] for key, value in pairs}


def _games_templates() -> PrefixLoader:
    """Each game's own pages, ``NAME/page.html``, from its ``templates/`` folder."""
    from gmtool.games import GAMES

    return PrefixLoader(
        {
            name: PackageLoader(package, "templates")
            for name, package in GAMES.items()
            if resources.files(package).joinpath("templates").is_dir()
        }
    )
